package com.cmp.polling.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.postgres.PostgresServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The not_realname default switch after migrating, on real databases of their own: off on a first
 * install (the beforeMigrate callback's mark, read by V16), as it was on an upgrade. "An earlier
 * release" is the migrations up to V15 applied without the callback, which those releases lacked.
 */
class FirstInstallSwitchIT {

  private static final String V16_ACTOR = "migration V16 (first install)";

  // Only for its server: each test makes databases of its own.
  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();

  private final List<String> databases = new ArrayList<>();

  @AfterEach
  void dropTheDatabases() {
    databases.forEach(postgres.server()::dropDatabase);
  }

  @Test
  void aFirstInstall_endsWithTheDefaultNotEnforced_auditedAsTheMigrationsDoing() {
    String database = newDatabase();

    flyway(database).load().migrate();

    assertThat(defaultSwitch(database))
        .containsEntry("enforce_not_realname", false)
        .containsEntry("updated_by", V16_ACTOR);
    assertThat(audit(database))
        .singleElement()
        .satisfies(
            row ->
                assertThat(row)
                    .containsEntry("actor", V16_ACTOR)
                    .containsEntry("old_enforce_not_realname", true)
                    .containsEntry("new_enforce_not_realname", false));
  }

  @Test
  void aFirstInstall_ofAppsStartingTogether_endsNotEnforced_withOneAuditRow() throws Exception {
    String database = newDatabase();
    int apps = 3;
    CyclicBarrier together = new CyclicBarrier(apps);
    List<CompletableFuture<Void>> runs = new ArrayList<>();
    for (int i = 0; i < apps; i++) {
      runs.add(
          CompletableFuture.runAsync(
              () -> {
                awaitQuietly(together);
                flyway(database).load().migrate();
              }));
    }
    CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).get();

    assertThat(defaultSwitch(database)).containsEntry("enforce_not_realname", false);
    assertThat(audit(database)).hasSize(1);
  }

  @Test
  void anUpgrade_ofADatabaseEnforcingTheDefault_keepsItEnforced() {
    String database = newDatabase();
    flyway(database).target("14").skipDefaultCallbacks(true).load().migrate();
    assertThat(defaultSwitch(database)).containsEntry("enforce_not_realname", true);

    flyway(database).load().migrate();

    assertThat(defaultSwitch(database))
        .containsEntry("enforce_not_realname", true)
        .containsEntry("updated_by", "migration V10");
    assertThat(audit(database)).isEmpty();
  }

  @Test
  void anUpgrade_ofADatabaseWhoseOperatorSetTheDefaultOff_keepsItOff() {
    String database = newDatabase();
    flyway(database).target("14").skipDefaultCallbacks(true).load().migrate();
    jdbc(database)
        .sql(
            "UPDATE tb_rule_switch SET enforce_not_realname = FALSE, updated_by = 'alice'"
                + " WHERE carrier_id IS NULL")
        .update();

    flyway(database).load().migrate();

    assertThat(defaultSwitch(database))
        .containsEntry("enforce_not_realname", false)
        .containsEntry("updated_by", "alice");
    assertThat(audit(database)).isEmpty();
  }

  @Test
  void afterAFirstInstall_anOperatorsEnforcement_survivesLaterRunsAndV16AppliedAgain()
      throws IOException {
    String database = newDatabase();
    flyway(database).load().migrate();
    jdbc(database)
        .sql(
            "UPDATE tb_rule_switch SET enforce_not_realname = TRUE, updated_by = 'alice'"
                + " WHERE carrier_id IS NULL")
        .update();

    flyway(database).load().migrate();
    jdbc(database).sql(script("V16__first_install_not_realname_off.sql")).update();

    assertThat(defaultSwitch(database))
        .containsEntry("enforce_not_realname", true)
        .containsEntry("updated_by", "alice");
  }

  @Test
  void aFirstInstall_onADatabaseAskingForTheRule_keepsTheDefaultEnforced() {
    String database = newDatabase();
    jdbc(database)
        .sql(
            "ALTER DATABASE "
                + database
                + " SET cmp_polling.first_install_not_realname = 'enforced'")
        .update();

    flyway(database).load().migrate();

    assertThat(defaultSwitch(database))
        .containsEntry("enforce_not_realname", true)
        .containsEntry("updated_by", "migration V10");
    assertThat(audit(database)).isEmpty();
  }

  /**
   * A database as a production first install finds it: without the setting by which the test
   * databases ask for the rule from the start.
   */
  private String newDatabase() {
    String database = postgres.server().createDatabase("first_install");
    databases.add(database);
    jdbc(database)
        .sql("ALTER DATABASE " + database + " RESET cmp_polling.first_install_not_realname")
        .update();
    return database;
  }

  private static FluentConfiguration flyway(String database) {
    PostgresServer server = postgres.server();
    return Flyway.configure()
        .dataSource(server.jdbcUrl(database), server.user(), server.password())
        .locations("classpath:db/migration");
  }

  private static JdbcClient jdbc(String database) {
    PostgresServer server = postgres.server();
    return JdbcClient.create(
        new DriverManagerDataSource(server.jdbcUrl(database), server.user(), server.password()));
  }

  private static Map<String, Object> defaultSwitch(String database) {
    return jdbc(database)
        .sql("SELECT enforce_not_realname, updated_by FROM tb_rule_switch WHERE carrier_id IS NULL")
        .query()
        .singleRow();
  }

  private static List<Map<String, Object>> audit(String database) {
    return jdbc(database)
        .sql(
            "SELECT actor, old_enforce_not_realname, new_enforce_not_realname"
                + " FROM tb_rule_switch_audit WHERE carrier_id IS NULL ORDER BY id")
        .query()
        .listOfRows();
  }

  private static String script(String name) throws IOException {
    try (InputStream in = FirstInstallSwitchIT.class.getResourceAsStream("/db/migration/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static void awaitQuietly(CyclicBarrier barrier) {
    try {
      barrier.await();
    } catch (Exception e) {
      throw new IllegalStateException("the runs did not start together", e);
    }
  }
}
