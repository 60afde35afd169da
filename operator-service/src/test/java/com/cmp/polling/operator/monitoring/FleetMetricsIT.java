package com.cmp.polling.operator.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.OperatorActions;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Every gauge of the fleet snapshot, read from {@code /actuator/prometheus} after the test put the
 * queues, permits, Kafka topics and initializer progress in a known state.
 */
class FleetMetricsIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static OperatorTestApp app;
  static PollingQueueManager queues;
  static FleetSnapshot snapshot;
  static StringRedisTemplate template;

  @BeforeAll
  static void start() {
    app =
        OperatorTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.operator.monitoring.enabled",
                false,
                "cmp.polling.operator.monitoring.overdue-grace",
                "60s"));
    queues = app.bean(PollingQueueManager.class);
    snapshot = app.bean(FleetSnapshot.class);
    template = redis.template();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void queueGauges_readTheQueuesTheTestFilled() {
    Instant now = Instant.now();
    queues.requeue(1, TaskType.CARDDATA, now.minusSeconds(600)); // overdue, the oldest
    queues.requeue(2, TaskType.CARDDATA, now.minusSeconds(120)); // overdue
    queues.requeue(3, TaskType.CARDDATA, now.minusSeconds(10)); // due, within the grace
    queues.requeue(4, TaskType.CARDDATA, now.plusSeconds(3600));
    queues.requeue(20, TaskType.CARDDATA, now.plusSeconds(3600));
    queues.requeue(5, TaskType.REALNAME, now.plusSeconds(60));
    queues.manualTriggers().enqueue(7, TaskType.PACKAGE);
    queues.manualTriggers().enqueue(8, TaskType.PACKAGE);
    long inAMinute = now.plusSeconds(60).toEpochMilli();
    template.opsForZSet().add(RedisKeys.concurrency(TaskType.CARDDATA), "permit-a", inAMinute);
    template.opsForZSet().add(RedisKeys.concurrency(TaskType.CARDDATA), "permit-b", inAMinute);
    template.opsForZSet().add(RedisKeys.concurrency(TaskType.CARDDATA), "expired", 1_000);

    snapshot.refreshNow();
    PrometheusScrape scrape = PrometheusScrape.of(app.managementUrl());

    assertThat(gauge(scrape, "polling_queue_queued", "carddata")).isEqualTo(5);
    assertThat(gauge(scrape, "polling_queue_due", "carddata")).isEqualTo(3);
    assertThat(gauge(scrape, "polling_queue_overdue", "carddata")).isEqualTo(2);
    assertThat(gauge(scrape, "polling_queue_oldest_due_age_seconds", "carddata"))
        .isBetween(600.0, 630.0);
    assertThat(gauge(scrape, "polling_queue_checking", "carddata")).isEqualTo(2);
    assertThat(gauge(scrape, "polling_queue_failed_shards", "carddata")).isZero();
    assertThat(gauge(scrape, "polling_queue_queued", "realname")).isEqualTo(1);
    assertThat(gauge(scrape, "polling_queue_due", "realname")).isZero();
    assertThat(gauge(scrape, "polling_queue_oldest_due_age_seconds", "realname")).isZero();
    assertThat(gauge(scrape, "polling_queue_manual", "package")).isEqualTo(2);
    assertThat(gauge(scrape, "polling_queue_queued", "protect")).isZero();
    assertThat(scrape.value("polling_snapshot_age_seconds", "").orElseThrow()).isBetween(0.0, 30.0);
  }

  @Test
  void lagGauges_countTasksNoHandlerCommitted_andTheAgeOfTheOldest_readFromTheSnapshotOnly()
      throws Exception {
    long ninetySecondsAgo = Instant.now().minusSeconds(90).toEpochMilli();
    publishProtectTasks(5, ninetySecondsAgo);

    snapshot.refreshNow();
    PrometheusScrape scrape = PrometheusScrape.of(app.managementUrl());

    assertThat(gauge(scrape, "polling_handlers_lag", "protect")).isEqualTo(5);
    assertThat(gauge(scrape, "polling_handlers_lag_seconds", "protect")).isBetween(90.0, 120.0);
    assertThat(gauge(scrape, "polling_handlers_lag", "realname")).isZero();
    assertThat(gauge(scrape, "polling_handlers_lag_seconds", "realname")).isZero();
    // One name per measure: no copy under the scheduler's or the queues' names.
    assertThat(scrape.hasFamily("polling_queue_leased")).isFalse();
    assertThat(scrape.hasFamily("polling_scheduler_consumer_lag")).isFalse();
    assertThat(scrape.hasFamily("polling_scheduler_consumer_lag_age")).isFalse();
    assertThat(scrape.hasFamily("polling_scheduler_due_backlog")).isFalse();

    // A scrape reads the last snapshot, it does not measure: new tasks show after a refresh.
    publishProtectTasks(2, Instant.now().toEpochMilli());
    assertThat(gauge(PrometheusScrape.of(app.managementUrl()), "polling_handlers_lag", "protect"))
        .isEqualTo(5);
    snapshot.refreshNow();
    assertThat(gauge(PrometheusScrape.of(app.managementUrl()), "polling_handlers_lag", "protect"))
        .isEqualTo(7);
  }

  private static void publishProtectTasks(int count, long timestamp) throws Exception {
    try (KafkaProducer<String, byte[]> producer = kafka.producer()) {
      for (int card = 1; card <= count; card++) {
        producer
            .send(
                new ProducerRecord<>(
                    Topics.TASK_PROTECT.name(),
                    null,
                    timestamp,
                    Integer.toString(card),
                    new byte[] {'{', '}'}))
            .get();
      }
    }
  }

  @Test
  void deadLetterGauge_countsRecordsLessThoseHandled() throws Exception {
    String topic = Topics.TASK_PACKAGE.deadLetterName();
    try (KafkaProducer<String, byte[]> producer = kafka.producer()) {
      for (int i = 0; i < 3; i++) {
        producer.send(new ProducerRecord<>(topic, 0, "9", bytes("bad " + i))).get();
      }
    }
    template.opsForSet().add(RedisKeys.deadLettersHandled(topic), "0@1");

    snapshot.refreshNow();
    PrometheusScrape scrape = PrometheusScrape.of(app.managementUrl());

    assertThat(scrape.value("polling_deadletters_records", "topic=\"" + topic + "\"")).hasValue(2);
    assertThat(
            scrape.value(
                "polling_deadletters_records",
                "topic=\"" + Topics.TASK_CARDDATA.deadLetterName() + "\""))
        .hasValue(0);
  }

  @Test
  void initializerGauges_readItsProgress() {
    Instant started = Instant.now().minusSeconds(100);
    template
        .opsForHash()
        .putAll(
            RedisKeys.INIT_PROGRESS,
            Map.of(
                "processed", "2500",
                "total", "10000",
                "last_id", "2500",
                "completed", "false",
                "started_at", started.toString(),
                "updated_at", started.plusSeconds(50).toString()));

    snapshot.refreshNow();
    PrometheusScrape scrape = PrometheusScrape.of(app.managementUrl());

    assertThat(scrape.value("polling_initializer_processed", "")).hasValue(2500);
    assertThat(scrape.value("polling_initializer_cards", "")).hasValue(10000);
    assertThat(scrape.value("polling_initializer_percent", "")).hasValue(25);
    assertThat(scrape.value("polling_initializer_completed", "")).hasValue(0);
    // 2 500 cards in 50 s: 50 cards/s, 7 500 left.
    assertThat(scrape.value("polling_initializer_eta_seconds", "")).hasValue(150);
  }

  @Test
  void aShardAnsweringWrongType_isLeftOut_countedAndNamed() {
    Instant now = Instant.now();
    queues.requeue(1, TaskType.CARDDATA, now.minusSeconds(5)); // shard 1
    template.opsForValue().set(RedisKeys.shardQueue(5, TaskType.CARDDATA), "not a queue");

    Snapshot taken = snapshot.refreshNow();
    PrometheusScrape scrape = PrometheusScrape.of(app.managementUrl());

    assertThat(gauge(scrape, "polling_queue_failed_shards", "carddata")).isEqualTo(1);
    assertThat(gauge(scrape, "polling_queue_due", "carddata")).isEqualTo(1);
    assertThat(taken.failedShards())
        .singleElement()
        .satisfies(
            failed -> {
              assertThat(failed.taskType()).isEqualTo("carddata");
              assertThat(failed.shard()).isEqualTo(5);
              assertThat(failed.error()).contains("WRONGTYPE");
            });
    assertThat(taken.taskTypes().get(TaskType.CARDDATA).dueByShard().get(5)).isNull();
  }

  @Test
  void stopResumeCounters_countAnOperatorsStopByReasonTriggerAndResult() {
    long card = postgres.data().card().insert();

    app.bean(OperatorActions.class).stopManually(card, Duration.ZERO);
    PrometheusScrape scrape = PrometheusScrape.of(app.managementUrl());

    assertThat(
            scrape.value(
                "polling_stopresume_actions_total",
                "action=\"stop\",reason=\"manual\",result=\"success\",trigger=\"operator\""))
        .hasValue(1);
  }

  private static double gauge(PrometheusScrape scrape, String name, String taskType) {
    return scrape
        .value(name, "task_type=\"" + taskType + "\"")
        .orElseThrow(() -> new AssertionError(name + " of " + taskType + " not exported"));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
