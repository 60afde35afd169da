package com.cmp.polling.scaleout.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.PollingConfigStore;
import com.cmp.polling.core.lifecycle.ReenrollmentRecord;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.scaleout.apps.AppLauncher;
import com.cmp.polling.scaleout.apps.ListenerReadiness;
import com.cmp.polling.scaleout.apps.RunningApp;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.action.CardAction;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.CommittedRecords;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the lifecycle listener does with the database's changes, whoever captures them: each
 * subclass captures them its own way (the listener's embedded Debezium engine, or Debezium's
 * connector on a Kafka Connect worker writing the raw topics the listener reads), and the same
 * scenarios must pass. A behaviour that one mode has and the other lacks fails here.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class LifecycleContract {

  @RegisterExtension final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension final RedisExtension redis = new RedisExtension();
  @RegisterExtension final KafkaExtension kafka = KafkaExtension.dedicated();

  static final Duration WAIT = Duration.ofSeconds(30);
  static final Set<TaskType> ACTIVATED =
      Set.of(TaskType.REALNAME, TaskType.CARDDATA, TaskType.PACKAGE);

  /** Carrier 7's cards follow a config of their own, which the config test changes. */
  static final long CARRIER_7 = 7;

  final String slot = "it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  RunningApp listener;
  QueueReader queues;
  long carrier7Config;

  /**
   * Starts the listener and the capture of this mode, and returns the listener once a committed
   * change reaches the raw topics (the replication slot {@link #slot} streams).
   */
  abstract RunningApp startListenerAndCapture(AppLauncher apps);

  /** Stops the capture (the listener is closed already) and drops the slot if it outlives it. */
  abstract void stopCapture();

  @BeforeAll
  void start() {
    // Stopped cards get realname checks only: a re-enrollment under it is visible.
    postgres
        .data()
        .config("it-suspended")
        .condition("suspended")
        .priority(10)
        .intervals(600, null, null, null)
        .insert();
    carrier7Config =
        postgres
            .data()
            .config("it-carrier-7")
            .condition("activated")
            .carrier(CARRIER_7)
            .priority(10)
            .intervals(60, 60, 3600, null)
            .insert();
    listener = startListenerAndCapture(AppLauncher.of(postgres, redis, kafka, null));
    ListenerReadiness.awaitSlotActive(postgres, slot, true);
    ListenerReadiness.awaitProcessing(listener);
    queues = new QueueReader(redis.template());
  }

  @AfterAll
  void stop() {
    if (listener != null) {
      listener.close();
    }
    stopCapture();
  }

  @Test
  void insertedCard_isQueuedForEachTaskTypeOfItsConfig_oneIntervalAhead() {
    Instant before = Instant.now();
    long card = postgres.data().card().insert();

    await().atMost(WAIT).until(() -> queues.taskTypes(card).equals(ACTIVATED));
    // default-activated: carddata every 1800 s.
    assertThat(queues.score(card, TaskType.CARDDATA))
        .isBetween(before.plusSeconds(1800), Instant.now().plusSeconds(1800));
  }

  @Test
  void rawChanges_areDebeziumEnvelopesWithoutInlineSchema_withTheCapturedColumnsOnly() {
    var raw = kafka.cursorAtEnd(Topics.CDC_CARD_NAME);
    long card = postgres.data().card().insert();

    var records = raw.read(1, WAIT);
    assertThat(records).hasSize(1);
    assertThat(records.get(0).key()).isEqualTo("{\"id\":" + card + "}");
    assertThat(new String(records.get(0).value(), StandardCharsets.UTF_8))
        .startsWith("{\"before\":null,\"after\":{\"id\":" + card + ",")
        .contains("\"enable_polling\":true", "\"op\":\"c\"", "\"lsn\":")
        .doesNotContain("\"payload\"", "iccid", "current_month_usage_mb");
  }

  @Test
  void softDelete_takesTheCardOutOfEveryQueue() {
    long card = postgres.data().card().insert();
    await().atMost(WAIT).until(() -> queues.taskTypes(card).equals(ACTIVATED));
    listener.bean(PollingQueueManager.class).requeue(card, TaskType.PROTECT, Instant.now());

    postgres.data().softDeleteCard(card);

    await().atMost(WAIT).until(() -> !queues.inAnyQueue(card));
  }

  @Test
  void pollingDisabled_takesTheCardOut_andEnabledAgain_bringsItBack() {
    long card = postgres.data().card().insert();
    await().atMost(WAIT).until(() -> queues.taskTypes(card).equals(ACTIVATED));

    update("UPDATE tb_iot_card SET enable_polling = false WHERE id = ?", card);
    await().atMost(WAIT).until(() -> !queues.inAnyQueue(card));

    update("UPDATE tb_iot_card SET enable_polling = true WHERE id = ?", card);
    await().atMost(WAIT).until(() -> queues.taskTypes(card).equals(ACTIVATED));
  }

  @Test
  void networkStatusOneToZero_reEnrollsTheCardUnderTheSuspendedConfig_dueNow() {
    long card = postgres.data().card().insert();
    await().atMost(WAIT).until(() -> queues.taskTypes(card).equals(ACTIVATED));

    update("UPDATE tb_iot_card SET network_status = 0, stop_reason = 'manual' WHERE id = ?", card);

    await().atMost(WAIT).until(() -> queues.taskTypes(card).equals(Set.of(TaskType.REALNAME)));
    assertThat(queues.score(card, TaskType.REALNAME)).isBefore(Instant.now().plusSeconds(1));
  }

  @Test
  void devicePollingOff_takesItsCardsOut_andOnAgain_bringsThemBack() {
    long device = postgres.data().device().insert();
    List<Long> cards =
        List.of(
            postgres.data().card().device(device).insert(),
            postgres.data().card().device(device).insert());
    await()
        .atMost(WAIT)
        .until(() -> cards.stream().allMatch(c -> queues.taskTypes(c).equals(ACTIVATED)));

    update("UPDATE tb_device SET enable_polling = false WHERE id = ?", device);
    await().atMost(WAIT).until(() -> cards.stream().noneMatch(queues::inAnyQueue));

    update("UPDATE tb_device SET enable_polling = true WHERE id = ?", device);
    await()
        .atMost(WAIT)
        .until(() -> cards.stream().allMatch(c -> queues.taskTypes(c).equals(ACTIVATED)));
  }

  @Test
  void configIntervalChanged_reEnrollsTheCardsItGoverns_underTheNewInterval() {
    Instant far = Instant.parse("2030-01-01T00:00:00Z");
    long card = postgres.data().card().carrier(CARRIER_7, "CT").insert();
    await().atMost(WAIT).until(() -> queues.taskTypes(card).equals(ACTIVATED));
    listener
        .bean(PollingQueueManager.class)
        .requeueAll(List.of(new ScheduledCheck(card, TaskType.CARDDATA, far)));
    Instant before = Instant.now();

    update(
        "UPDATE tb_polling_config SET carddata_check_interval = 120 WHERE id = ?", carrier7Config);

    await().atMost(WAIT).until(() -> queues.score(card, TaskType.CARDDATA).isBefore(far));
    assertThat(queues.score(card, TaskType.CARDDATA))
        .isBetween(before.minusSeconds(1), Instant.now().plusSeconds(120));
    // And it says so, for the queue reconciler: done, for the configs as they now are.
    String configs =
        new ConfigSnapshot(new PollingConfigStore(postgres.jdbc()).findEnabled(), Instant.now())
            .fingerprint();
    var record = new ReenrollmentRecord(redis.template());
    await().atMost(WAIT).until(() -> record.read().filter(r -> r.completed(configs)).isPresent());
  }

  @Test
  void successRowOfTheStopResumeLog_becomesOneCardAction_andItsFailedAttemptNone() {
    long card = postgres.data().card().insert();
    PayloadCodec codec = new PayloadCodec();
    try (CommittedRecords<CardAction> actions =
        new CommittedRecords<>(
            kafka.bootstrapServers(),
            Topics.CARD_ACTIONS_NAME,
            record -> codec.decode(Topics.CARD_ACTIONS, record.value()))) {
      long failed = logRow(card, "error", 1);
      long success = logRow(card, "success", 2);
      // A later action of another card: once it is read, everything before it has been.
      long marker = logRow(postgres.data().card().insert(), "success", 1);

      List<CardAction> read = actions.readUntil(action -> action.actionId() == marker, WAIT);

      assertThat(read).filteredOn(action -> action.actionId() == failed).isEmpty();
      assertThat(read)
          .filteredOn(action -> action.actionId() == success)
          .singleElement()
          .satisfies(
              action -> {
                assertThat(action.cardId()).isEqualTo(card);
                assertThat(action.action()).isEqualTo(CardActionType.STOP);
                assertThat(action.reason()).isEqualTo(StopReason.NO_PACKAGE);
                assertThat(action.attempts()).isEqualTo(2);
              });
    }
  }

  private long logRow(long card, String result, int attempt) {
    return postgres
        .jdbc()
        .sql(
            "INSERT INTO tb_stop_resume_log (iot_card_id, action, reason, trigger, result,"
                + " attempt) VALUES (?, 'stop', 'no_package', 'evaluation', ?, ?) RETURNING id")
        .params(card, result, attempt)
        .query(Long.class)
        .single();
  }

  private void update(String sql, long id) {
    postgres.jdbc().sql(sql).param(id).update();
  }
}
