package com.cmp.polling.demo.compose;

import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.postgres.PostgresServer;
import java.util.Map;
import java.util.UUID;

/**
 * The login role of the compose file's {@code postgres} service ({@code POSTGRES_USER}, a superuser
 * as the image makes it) on the test's server: the test's own user when it has that name, else a
 * role created for the test with the same attributes and a password of its own, handed to Compose
 * as {@code CMP_DB_PASSWORD}.
 *
 * @param composeDatabase the service's {@code POSTGRES_DB}
 * @param created whether the test created the role (and drops it afterwards)
 */
record DatabaseRole(String name, String password, String composeDatabase, boolean created) {

  static DatabaseRole ofComposePostgres(PostgresExtension postgres, ComposeFile compose) {
    Map<String, String> environment = compose.environment("postgres");
    String name = environment.get("POSTGRES_USER");
    String database = environment.get("POSTGRES_DB");
    PostgresServer server = postgres.server();
    if (name.equals(server.user())) {
      return new DatabaseRole(name, server.password(), database, false);
    }
    long existing =
        postgres
            .jdbc()
            .sql("SELECT count(*) FROM pg_roles WHERE rolname = ?")
            .param(name)
            .query(Long.class)
            .single();
    if (existing > 0) {
      throw new IllegalStateException(
          "role "
              + name
              + " exists on the test's PostgreSQL with a password this test cannot know: run it"
              + " with CMP_TEST_POSTGRES_USER="
              + name
              + " and CMP_TEST_POSTGRES_PASSWORD");
    }
    String password = "pw-" + UUID.randomUUID();
    postgres
        .jdbc()
        .sql(
            "CREATE ROLE "
                + quoted(name)
                + " LOGIN SUPERUSER CREATEDB CREATEROLE REPLICATION BYPASSRLS PASSWORD '"
                + password
                + "'")
        .update();
    return new DatabaseRole(name, password, database, true);
  }

  /** Drops the role if the test created it, after handing its objects to the test's user. */
  void dropIfCreated(PostgresExtension postgres) {
    if (!created) {
      return;
    }
    postgres.jdbc().sql("REASSIGN OWNED BY " + quoted(name) + " TO CURRENT_USER").update();
    postgres.jdbc().sql("DROP OWNED BY " + quoted(name)).update();
    postgres.jdbc().sql("DROP ROLE " + quoted(name)).update();
  }

  private static String quoted(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }
}
