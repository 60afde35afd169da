package com.cmp.polling.testsupport.postgres;

import com.cmp.polling.embedded.postgres.Migrations;
import com.cmp.polling.testsupport.data.TestData;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Gives a test class a database of its own on the shared {@link PostgresServer}, dropped after the
 * class. Register it on a static field:
 *
 * <pre>{@code
 * @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
 * }</pre>
 *
 * {@link #migrated()} gives a copy of a database migrated once per JVM with the Flyway migrations
 * found at {@code classpath:db/migration} (the {@code schemas} module), so the test sees the
 * production schema and default configs, and an app's own Flyway finds nothing to apply.
 */
public final class PostgresExtension implements BeforeAllCallback, AfterAllCallback {

  /** Business tables, children first; the polling configs are kept. */
  private static final String BUSINESS_TABLES =
      "tb_stop_resume_log, data_usage_records, tb_package_usage, tb_iot_card, tb_device";

  private final boolean migrate;
  private String ownerId;
  private PostgresServer server;
  private String databaseName;
  private HikariDataSource dataSource;
  private JdbcClient jdbc;

  private PostgresExtension(boolean migrate) {
    this.migrate = migrate;
  }

  /** A database with the production schema applied. */
  public static PostgresExtension migrated() {
    return new PostgresExtension(true);
  }

  /** An empty database. */
  public static PostgresExtension empty() {
    return new PostgresExtension(false);
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    if (ownerId != null) {
      return; // a @Nested class: it shares the database of the class that registered us
    }
    ownerId = context.getUniqueId();
    server = PostgresServer.shared();
    String hint = context.getRequiredTestClass().getSimpleName();
    databaseName = migrate ? server.createMigratedDatabase(hint) : server.createDatabase(hint);
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(jdbcUrl());
    config.setUsername(server.user());
    config.setPassword(server.password());
    config.setMaximumPoolSize(10);
    config.setPoolName("it-" + databaseName);
    dataSource = new HikariDataSource(config);
    jdbc = JdbcClient.create(dataSource);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (!context.getUniqueId().equals(ownerId)) {
      return;
    }
    ownerId = null;
    if (dataSource != null) {
      dataSource.close();
    }
    if (databaseName != null) {
      server.dropDatabase(databaseName);
    }
  }

  /**
   * Applies pending migrations.
   *
   * @return how many were applied
   */
  public int migrate() {
    return Migrations.apply(dataSource);
  }

  /** Empties cards, devices, packages, usage samples and the stop/resume log. */
  public void truncateBusinessTables() {
    jdbc.sql("TRUNCATE " + BUSINESS_TABLES + " RESTART IDENTITY CASCADE").update();
  }

  public DataSource dataSource() {
    return dataSource;
  }

  public JdbcClient jdbc() {
    return jdbc;
  }

  public TestData data() {
    return new TestData(jdbc);
  }

  public String jdbcUrl() {
    return server.jdbcUrl(databaseName);
  }

  public String databaseName() {
    return databaseName;
  }

  public PostgresServer server() {
    return server;
  }
}
