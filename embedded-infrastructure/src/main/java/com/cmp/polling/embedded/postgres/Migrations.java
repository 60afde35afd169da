package com.cmp.polling.embedded.postgres;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * The project's schema: the Flyway migrations at {@code classpath:db/migration} (the schemas
 * module, on the caller's class path), applied as the apps apply them at start-up.
 */
public final class Migrations {

  private Migrations() {}

  /**
   * Applies the pending migrations.
   *
   * @return how many were applied
   */
  public static int apply(DataSource dataSource) {
    return Flyway.configure()
        .dataSource(dataSource)
        .locations("classpath:db/migration")
        .load()
        .migrate()
        .migrationsExecuted;
  }
}
