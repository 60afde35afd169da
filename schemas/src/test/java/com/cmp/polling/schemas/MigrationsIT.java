package com.cmp.polling.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The Flyway migrations on a real, initially empty PostgreSQL database: applied once only. */
@TestMethodOrder(OrderAnnotation.class)
class MigrationsIT {

  private static final List<String> SCRIPTS =
      List.of(
          "V1__polling_tables.sql",
          "V2__default_polling_configs.sql",
          "V3__package_triggers.sql",
          "V4__stop_resume_log_outbox.sql",
          "V10__rule_switches.sql",
          "V11__stop_resume_log_reasons.sql",
          "V12__card_month_usage.sql",
          "V13__usage_samples_by_day.sql",
          "V14__planning_change_marker.sql",
          "V16__first_install_not_realname_off.sql",
          "V17__card_usage_last_change.sql");

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();

  @Test
  @Order(1)
  void migrate_onAnEmptyDatabase_appliesEveryScript_andASecondRunAppliesNothing() {
    assertThat(postgres.migrate()).isEqualTo(SCRIPTS.size());
    long configs = count("tb_polling_config");

    assertThat(postgres.migrate()).isZero();
    assertThat(count("tb_polling_config")).isEqualTo(configs);
  }

  @Test
  @Order(2)
  void everyScript_appliedTwiceByHand_failsNothing_andDuplicatesNothing() throws IOException {
    postgres.migrate();
    long configs = count("tb_polling_config");
    long switches = count("tb_rule_switch");

    for (String script : SCRIPTS) {
      jdbc().sql(read(script)).update();
    }

    assertThat(count("tb_polling_config")).isEqualTo(configs);
    assertThat(switches).as("the default rule switch").isEqualTo(1);
    assertThat(count("tb_rule_switch")).isEqualTo(switches);
  }

  private long count(String table) {
    return jdbc().sql("SELECT count(*) FROM " + table).query(Long.class).single();
  }

  private static JdbcClient jdbc() {
    return postgres.jdbc();
  }

  private static String read(String script) throws IOException {
    try (InputStream in = MigrationsIT.class.getResourceAsStream("/db/migration/" + script)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
