package com.cmp.polling.schemas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The migrated schema on a real PostgreSQL: constraints, indexes, replica identity, defaults. */
class SchemaRulesIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  @Test
  void defaultConfigs_coverEveryCardCondition_includingSuspended() {
    List<Map<String, Object>> rows =
        jdbc()
            .sql(
                "SELECT card_condition, carddata_check_interval, package_check_interval,"
                    + " realname_check_interval FROM tb_polling_config WHERE status = 1")
            .query()
            .listOfRows();

    assertThat(rows)
        .extracting(r -> r.get("card_condition"))
        .containsExactlyInAnyOrder("suspended", "not_real_name", "activated");
    Map<String, Object> suspended =
        rows.stream().filter(r -> "suspended".equals(r.get("card_condition"))).findFirst().get();
    // A stopped card must keep being checked, or it can never be resumed (seed decision 15).
    assertThat(suspended.get("carddata_check_interval")).isNotNull();
    assertThat(suspended.get("package_check_interval")).isNotNull();
    assertThat(suspended.get("realname_check_interval")).isNotNull();
  }

  @Test
  void cdcTables_carryTheFullBeforeImage() {
    for (String table :
        List.of("tb_iot_card", "tb_device", "tb_polling_config", "tb_stop_resume_log")) {
      String identity =
          jdbc()
              .sql("SELECT relreplident::text FROM pg_class WHERE relname = ?")
              .param(table)
              .query(String.class)
              .single();
      assertThat(identity).as(table).isEqualTo("f");
    }
  }

  @Test
  void indexesTheRulesNeed_exist() {
    List<String> indexes =
        jdbc()
            .sql("SELECT indexname FROM pg_indexes WHERE schemaname = 'public'")
            .query(String.class)
            .list();

    assertThat(indexes)
        .contains(
            "idx_package_usage_card_status",
            "idx_package_usage_device_status",
            "idx_iot_card_device",
            "idx_iot_card_live_id",
            "uq_iot_card_iccid",
            "uq_device_device_no");
  }

  @Test
  void packageUsage_mustHaveExactlyOneOwner() {
    long device = insertDevice("DEV-OWNER");
    long card = insertCard("89860000000000000001", null);

    assertRejected(
        "INSERT INTO tb_package_usage (iot_card_id, device_id) VALUES ("
            + card
            + ", "
            + device
            + ")",
        "ck_package_usage_one_owner");
    assertRejected(
        "INSERT INTO tb_package_usage (status) VALUES (1)", "ck_package_usage_one_owner");
    jdbc().sql("INSERT INTO tb_package_usage (device_id) VALUES (?)").param(device).update();
  }

  @Test
  void statusValues_outsideTheirRange_areRejected() {
    long card = insertCard("89860000000000000002", null);

    assertRejected(
        "INSERT INTO tb_package_usage (iot_card_id, status) VALUES (" + card + ", 4)",
        "ck_package_usage_status");
    assertRejected(
        "UPDATE tb_iot_card SET real_name_status = 2 WHERE id = " + card,
        "ck_iot_card_real_name_status");
    assertRejected(
        "UPDATE tb_iot_card SET card_category = 'vip' WHERE id = " + card, "ck_iot_card_category");
    assertRejected(
        "INSERT INTO tb_polling_config (config_name, card_condition, priority)"
            + " VALUES ('bad', 'real_name', 1)",
        "ck_polling_config_condition");
    assertRejected(
        "INSERT INTO tb_polling_config (config_name, priority, carddata_check_interval)"
            + " VALUES ('zero', 1, 0)",
        "ck_polling_config_intervals");
  }

  @Test
  void onlineCard_cannotCarryAStopReason() {
    long card = insertCard("89860000000000000003", null);

    assertRejected(
        "UPDATE tb_iot_card SET stop_reason = 'manual' WHERE id = " + card,
        "ck_iot_card_online_has_no_stop_reason");
  }

  @Test
  void iccidAndDeviceNo_areUniqueAmongLiveRows_andFreedBySoftDelete() {
    long first = insertCard("89860000000000000004", null);
    assertRejected(
        "INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type)"
            + " VALUES ('89860000000000000004', 1, 'CMCC')",
        "uq_iot_card_iccid");
    insertDevice("DEV-UNIQUE");
    assertRejected(
        "INSERT INTO tb_device (device_no) VALUES ('DEV-UNIQUE')", "uq_device_device_no");

    jdbc().sql("UPDATE tb_iot_card SET deleted_at = now() WHERE id = ?").param(first).update();

    assertThat(insertCard("89860000000000000004", null)).isNotEqualTo(first);
  }

  private long insertDevice(String deviceNo) {
    return jdbc()
        .sql("INSERT INTO tb_device (device_no) VALUES (?) RETURNING id")
        .param(deviceNo)
        .query(Long.class)
        .single();
  }

  private long insertCard(String iccid, Long deviceId) {
    return jdbc()
        .sql(
            "INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type, device_id)"
                + " VALUES (?, 1, 'CMCC', ?) RETURNING id")
        .params(iccid, deviceId)
        .query(Long.class)
        .single();
  }

  private void assertRejected(String sql, String constraint) {
    assertThatThrownBy(() -> jdbc().sql(sql).update())
        .isInstanceOf(DataIntegrityViolationException.class)
        .hasMessageContaining(constraint);
  }

  private static JdbcClient jdbc() {
    return postgres.jdbc();
  }
}
