package com.cmp.polling.embedded.postgres;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * The project's schema: the Flyway migrations at {@code classpath:db/migration} (the schemas
 * module, on the caller's class path), applied as the apps apply them at start-up, except for one
 * thing: a first install here keeps the not_realname default switch enforced, as an operator has it
 * after the dry run. The demo and the benchmarks run the rules on fleets they make themselves; a
 * production first install leaves the switch off until an operator turns it on.
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
        // Read by the migration that decides the switch on a first install (session setting).
        .initSql("SET cmp_polling.first_install_not_realname = 'enforced'")
        .load()
        .migrate()
        .migrationsExecuted;
  }
}
