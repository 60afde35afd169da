package com.cmp.polling.testsupport.postgres;

import com.cmp.polling.embedded.postgres.EmbeddedPostgresServer;
import com.cmp.polling.embedded.postgres.Migrations;
import com.cmp.polling.embedded.process.ShutdownHooks;
import com.cmp.polling.testsupport.TestEnvironment;
import com.cmp.polling.testsupport.TestImages;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.Driver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * One PostgreSQL server per test JVM, configured for logical decoding ({@code wal_level=logical})
 * with {@code synchronous_commit=on} so that committed changes reach a replication slot at once.
 * Each test class gets a database of its own on it (see {@link PostgresExtension}).
 */
public final class PostgresServer {

  private static final Logger log = LoggerFactory.getLogger(PostgresServer.class);
  private static final Pattern JDBC_URL =
      Pattern.compile("jdbc:postgresql://([^:/]+)(?::(\\d+))?/([^?]+).*");
  private static PostgresServer shared;
  private String migratedTemplate;

  private final String host;
  private final int port;
  private final String maintenanceDatabase;
  private final String user;
  private final String password;
  private final String origin;

  private PostgresServer(
      String host,
      int port,
      String maintenanceDatabase,
      String user,
      String password,
      String origin) {
    this.host = host;
    this.port = port;
    this.maintenanceDatabase = maintenanceDatabase;
    this.user = user;
    this.password = password;
    this.origin = origin;
  }

  /** The server of this JVM, located or started on first use. */
  public static synchronized PostgresServer shared() {
    if (shared == null) {
      shared = locate();
      log.info("PostgreSQL for tests: {} on {}:{}", shared.origin, shared.host, shared.port);
    }
    return shared;
  }

  private static PostgresServer locate() {
    var url = TestEnvironment.setting("CMP_TEST_POSTGRES_URL");
    if (url.isPresent()) {
      return external(url.get());
    }
    return TestEnvironment.dockerAvailable() ? container() : embedded();
  }

  private static PostgresServer external(String url) {
    Matcher m = JDBC_URL.matcher(url);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "CMP_TEST_POSTGRES_URL must look like jdbc:postgresql://host:5432/postgres, was " + url);
    }
    int port = m.group(2) == null ? 5432 : Integer.parseInt(m.group(2));
    return new PostgresServer(
        m.group(1),
        port,
        m.group(3),
        TestEnvironment.setting("CMP_TEST_POSTGRES_USER").orElse("postgres"),
        TestEnvironment.setting("CMP_TEST_POSTGRES_PASSWORD").orElse(""),
        "external server (CMP_TEST_POSTGRES_URL)");
  }

  @SuppressWarnings("resource") // stopped by Testcontainers' reaper when the JVM ends
  private static PostgresServer container() {
    var container =
        new PostgreSQLContainer(TestImages.postgres())
            .withCommand(
                "postgres",
                "-c",
                "wal_level=logical",
                "-c",
                "max_replication_slots=20",
                "-c",
                "max_wal_senders=20",
                "-c",
                "synchronous_commit=on",
                "-c",
                "fsync=off",
                "-c",
                "max_connections=300");
    container.start();
    return new PostgresServer(
        container.getHost(),
        container.getMappedPort(5432),
        container.getDatabaseName(),
        container.getUsername(),
        container.getPassword(),
        "Testcontainers " + TestImages.postgres().asCanonicalNameString());
  }

  private static PostgresServer embedded() {
    // Tests never need crash safety; fsync off keeps commits cheap.
    EmbeddedPostgresServer postgres =
        EmbeddedPostgresServer.builder().setting("fsync", "off").start();
    ShutdownHooks.closeOnExit("embedded PostgreSQL", postgres);
    return new PostgresServer(
        postgres.host(),
        postgres.port(),
        postgres.maintenanceDatabase(),
        postgres.user(),
        postgres.password(),
        "embedded PostgreSQL");
  }

  public String jdbcUrl(String database) {
    return "jdbc:postgresql://" + host + ":" + port + "/" + database;
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }

  public String user() {
    return user;
  }

  public String password() {
    return password;
  }

  /**
   * Creates an empty database named after {@code hint} plus a random suffix. Its first migration
   * keeps the not_realname default switch enforced, as an operator has it after the dry run: the
   * suites' scenarios are the rules at work. On a production first install the migrations leave it
   * off; {@code FirstInstallSwitchIT} resets this setting to test that path.
   *
   * @return its name
   */
  public String createDatabase(String hint) {
    String name = databaseName(hint);
    execute("CREATE DATABASE " + name);
    execute("ALTER DATABASE " + name + " SET cmp_polling.first_install_not_realname = 'enforced'");
    return name;
  }

  /**
   * Creates a database with the production schema applied, named as {@link #createDatabase} names
   * it: a copy of a template this JVM migrated once ({@code CREATE DATABASE ... TEMPLATE}), which
   * takes a fraction of what running the migrations for every test class took.
   *
   * @return its name
   */
  public String createMigratedDatabase(String hint) {
    String name = databaseName(hint);
    String template = migratedTemplate();
    // One copy at a time: PostgreSQL refuses to copy a template another session is connected to,
    // and two copies at once count as such sessions.
    synchronized (this) {
      execute("CREATE DATABASE " + name + " TEMPLATE " + template);
    }
    return name;
  }

  private synchronized String migratedTemplate() {
    if (migratedTemplate == null) {
      String template = databaseName("migrated_template");
      execute("CREATE DATABASE " + template);
      // Without a pool: the migration's connections are closed when it ends, and the copies
      // need a template no session is connected to.
      var dataSource = new SimpleDriverDataSource(new Driver(), jdbcUrl(template), user, password);
      Migrations.apply(dataSource);
      Runtime.getRuntime()
          .addShutdownHook(new Thread(() -> dropQuietly(template), "drop-migrated-template"));
      migratedTemplate = template;
    }
    return migratedTemplate;
  }

  /**
   * Drops the template as this JVM ends, so that an external server keeps none; an embedded server
   * may be stopping at the same moment, which makes a failure here harmless.
   */
  private void dropQuietly(String template) {
    try {
      dropDatabase(template);
    } catch (RuntimeException e) {
      log.debug("template database {} not dropped", template, e);
    }
  }

  private static String databaseName(String hint) {
    String base = hint.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
    return "it_"
        + base.substring(0, Math.min(base.length(), 40))
        + "_"
        + UUID.randomUUID().toString().substring(0, 8);
  }

  /** Drops a test database, with the replication slots that still point at it. */
  public void dropDatabase(String name) {
    execute(
        "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
            + " WHERE database = '"
            + name
            + "' AND NOT active");
    execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
  }

  private void execute(String sql) {
    try (Connection connection =
            DriverManager.getConnection(jdbcUrl(maintenanceDatabase), user, password);
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("PostgreSQL refused: " + sql, e);
    }
  }
}
