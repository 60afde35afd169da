package com.cmp.polling.scaleout.lifecycle;

import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code lifecycle-listener/connect/cmp-postgres-connector.json}, the connector the Compose stack
 * registers, made to point at a test's database: only the database's address, name and user, the
 * path of the password file and the slot name change (slots are per server, shared by every test
 * database). Every Debezium setting is the file's.
 */
final class ConnectorFile {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final ObjectNode connector;

  private ConnectorFile(ObjectNode connector) {
    this.connector = connector;
  }

  /** The file named by the system property {@code cmp.test.connector.config} (set by the pom). */
  static ConnectorFile fromBuild() {
    String path = System.getProperty("cmp.test.connector.config");
    if (path == null) {
      throw new IllegalStateException(
          "system property cmp.test.connector.config is not set; run the test through Maven");
    }
    return new ConnectorFile((ObjectNode) JSON.readTree(Path.of(path).toFile()));
  }

  String name() {
    return connector.get("name").asString();
  }

  JsonNode config() {
    return connector.get("config");
  }

  /**
   * The connector JSON for the test's database; the password goes into {@code secrets} (a
   * properties file with a {@code password} entry), read by the worker's file config provider as in
   * the Compose stack.
   */
  String forDatabase(PostgresExtension postgres, String slot, Path secrets) {
    try {
      Files.writeString(secrets, "password=" + postgres.server().password() + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + secrets, e);
    }
    ObjectNode copy = connector.deepCopy();
    ObjectNode config = (ObjectNode) copy.get("config");
    String password = config.get("database.password").asString();
    if (!password.matches("\\$\\{file:[^:]+:password}")) {
      throw new IllegalStateException(
          "the connector file no longer reads the password from a file: " + password);
    }
    config.put("database.hostname", postgres.server().host());
    config.put("database.port", Integer.toString(postgres.server().port()));
    config.put("database.dbname", postgres.databaseName());
    config.put("database.user", postgres.server().user());
    config.put("database.password", "${file:" + secrets.toAbsolutePath() + ":password}");
    config.put("slot.name", slot);
    return JSON.writeValueAsString(copy);
  }
}
