package com.cmp.polling.listener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Writes to PostgreSQL reach the Redis queues through the whole pipeline: Debezium → raw topics →
 * topology → polling.lifecycle → PollingLifecycleService (seed 000 M3, seed 003 lifecycle).
 */
class CardLifecycleIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final Duration WAIT = Duration.ofSeconds(30);
  static ListenerTestApp app;
  static QueueState queues;

  @BeforeAll
  static void start() {
    // Room below for the seed's explicit ids (device 10, card 100).
    postgres.jdbc().sql("SELECT setval('tb_iot_card_id_seq', 1000000)").query(Long.class).single();
    postgres.jdbc().sql("SELECT setval('tb_device_id_seq', 1000)").query(Long.class).single();
    // Stopped cards get realname checks only: re-enrollment under it is visible.
    postgres
        .data()
        .config("it-suspended")
        .condition("suspended")
        .priority(10)
        .intervals(600, null, null, null)
        .insert();
    app = ListenerTestApp.start(postgres, redis, kafka, Map.of());
    queues = new QueueState(redis.template());
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void insertedCard_isQueuedForEachTaskTypeOfItsConfig_oneIntervalAhead() {
    Instant before = Instant.now();
    long card = postgres.data().card().insert();

    await().atMost(WAIT).until(() -> queues.taskTypes(card).size() == 3);
    // default-activated: realname 86400 s, carddata 1800 s, package 3600 s; protect only while
    // protected.
    assertThat(queues.taskTypes(card))
        .containsExactlyInAnyOrder(TaskType.REALNAME, TaskType.CARDDATA, TaskType.PACKAGE);
    assertThat(queues.score(card, TaskType.CARDDATA))
        .isBetween(before.plusSeconds(1800), Instant.now().plusSeconds(1800));
  }

  @Test
  void
      rawChangeEvents_areDebeziumEnvelopesWithoutInlineSchema_carryingTheColumnsThePipelineReads() {
    var raw = kafka.cursorAtEnd(Topics.CDC_CARD_NAME);
    long card = postgres.data().card().insert();

    var records = raw.read(1, WAIT);
    assertThat(records).hasSize(1);
    assertThat(records.get(0).key()).isEqualTo("{\"id\":" + card + "}");
    String value = new String(records.get(0).value(), StandardCharsets.UTF_8);
    assertThat(value)
        .startsWith("{\"before\":null,\"after\":{\"id\":" + card + ",")
        .contains("\"enable_polling\":true", "\"deleted_at\":null", "\"op\":\"c\"", "\"lsn\":")
        .doesNotContain("\"payload\"", "iccid", "current_month_usage_mb");
  }

  @Test
  void softDelete_removesTheCardFromAll64Queues_protectIncluded() {
    long card = postgres.data().card().insert();
    await().atMost(WAIT).until(() -> queues.taskTypes(card).size() == 3);
    app.bean(PollingQueueManager.class).requeue(card, TaskType.PROTECT, Instant.now());

    postgres.data().softDeleteCard(card);

    await().atMost(WAIT).until(() -> queues.queuesHolding(card).isEmpty());
  }

  @Test
  void pollingDisabled_takesTheCardOut_andEnabled_bringsItBack() {
    long card = postgres.data().card().insert();
    await().atMost(WAIT).until(() -> queues.taskTypes(card).size() == 3);

    setCardPolling(card, false);
    await().atMost(WAIT).until(() -> queues.queuesHolding(card).isEmpty());

    setCardPolling(card, true);
    await().atMost(WAIT).until(() -> queues.taskTypes(card).size() == 3);
  }

  @Test
  void device10Disabled_takesCard100OutOfEveryQueue_statusChangesKeepItOut_reEnableBringsItBack() {
    postgres.jdbc().sql("INSERT INTO tb_device (id, device_no) VALUES (10, 'DEV-10')").update();
    postgres
        .jdbc()
        .sql(
            "INSERT INTO tb_iot_card (id, iccid, carrier_id, carrier_type, real_name_status,"
                + " network_status, device_id) VALUES (100, '89860000000000000100', 1, 'CMCC', 1,"
                + " 1, 10)")
        .update();
    await().atMost(WAIT).until(() -> queues.taskTypes(100).size() == 3);

    setDevicePolling(10, false);
    await().atMost(WAIT).until(() -> queues.queuesHolding(100).isEmpty());
    postgres.jdbc().sql("UPDATE tb_iot_card SET real_name_status = 0 WHERE id = 100").update();
    long marker = postgres.data().card().insert(); // processed after card 100's status change
    await().atMost(WAIT).until(() -> !queues.taskTypes(marker).isEmpty());
    assertThat(queues.queuesHolding(100)).isEmpty();

    setDevicePolling(10, true);
    await().atMost(WAIT).until(() -> queues.taskTypes(100).size() == 3);
  }

  @Test
  void networkStatus1To0_reEnrollsTheCardUnderTheSuspendedConfig_dueNow() {
    long card = postgres.data().card().insert();
    await().atMost(WAIT).until(() -> queues.taskTypes(card).size() == 3);

    postgres
        .jdbc()
        .sql("UPDATE tb_iot_card SET network_status = 0, stop_reason = 'manual' WHERE id = ?")
        .param(card)
        .update();

    await()
        .atMost(WAIT)
        .until(() -> queues.taskTypes(card).equals(java.util.List.of(TaskType.REALNAME)));
    assertThat(queues.score(card, TaskType.REALNAME)).isBefore(Instant.now().plusSeconds(1));
  }

  @Test
  void fiveHundredCardsStoppedByOneUpdate_areAllReEnrolledUnderTheSuspendedConfig() {
    java.util.List<Long> cards = new java.util.ArrayList<>();
    for (int i = 0; i < 500; i++) {
      cards.add(postgres.data().card().insert());
    }
    await().atMost(WAIT).until(() -> queues.taskTypes(cards.get(499)).size() == 3);

    // One statement, 500 status changes: they reach the consumer as runs, applied together.
    postgres
        .jdbc()
        .sql("UPDATE tb_iot_card SET network_status = 0, stop_reason = 'manual' WHERE id = ANY(?)")
        .param(cards.toArray(Long[]::new))
        .update();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                cards.stream()
                    .allMatch(
                        id -> queues.taskTypes(id).equals(java.util.List.of(TaskType.REALNAME))));
    Instant soon = Instant.now().plusSeconds(1);
    assertThat(cards)
        .allSatisfy(id -> assertThat(queues.score(id, TaskType.REALNAME)).isBefore(soon));
  }

  @Test
  void tenThousandCardsInsertedInOneTransaction_areAllQueued() {
    var manager = app.bean(PollingQueueManager.class);
    long before = manager.getTotalQueueDepth(TaskType.CARDDATA);

    postgres
        .jdbc()
        .sql(
            "INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type, real_name_status)"
                + " SELECT '8987' || lpad(g::text, 16, '0'), 1, 'CMCC', 1"
                + " FROM generate_series(1, 10000) g")
        .update();

    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> manager.getTotalQueueDepth(TaskType.CARDDATA) - before == 10_000);
    assertThat(manager.getTotalQueueDepth(TaskType.REALNAME)).isGreaterThanOrEqualTo(10_000);
  }

  private static void setCardPolling(long card, boolean enabled) {
    postgres
        .jdbc()
        .sql("UPDATE tb_iot_card SET enable_polling = ? WHERE id = ?")
        .params(enabled, card)
        .update();
  }

  private static void setDevicePolling(long device, boolean enabled) {
    postgres
        .jdbc()
        .sql("UPDATE tb_device SET enable_polling = ? WHERE id = ?")
        .params(enabled, device)
        .update();
  }
}
