package com.cmp.polling.scheduler.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.lag.ConsumerLag;
import com.cmp.polling.status.schedule.HoldBack;
import com.cmp.polling.status.schedule.HoldBackHistory;
import com.cmp.polling.status.schedule.SchedulerStatsStore;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Back-pressure on real Redis and Kafka with every limit low enough for a rule on size to trip: the
 * count rule on at {@code max-consumer-lag} 1 000 (off by default), {@code max-lag-age} 3 s instead
 * of 60 s, and a fresh measure every round. Shards far above the seed's depth rule, with more cards
 * due than the count limit, are dispatched in full round after round while the handlers keep up; a
 * type whose handlers stop consuming is held back for the age of their lag, a type with more tasks
 * waiting than the count limit for their number, each with its reason in the stats and the
 * hold-back history every process reads from Redis, and in the metric, until the handlers catch up.
 */
class BackpressureIT {

  /** The seed's rule (500 000 cards per shard), scaled down a thousand times. */
  private static final long OLD_DEPTH_THRESHOLD = 500;

  /**
   * The wait for realname's lag to grow old; still well above the moment a round takes, so that the
   * count rule's test is decided by the count.
   */
  private static final Duration MAX_LAG_AGE = Duration.ofSeconds(3);

  /** Far under the cards due in one round of the first test (4 800). */
  private static final long MAX_CONSUMER_LAG = 1_000;

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static SchedulerTestApp app;
  static PollingQueueManager queues;
  static SchedulingLoop loop;

  @BeforeAll
  static void start() {
    app =
        SchedulerTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.scheduler.backpressure.max-lag-age",
                MAX_LAG_AGE.toSeconds() + "s",
                "cmp.polling.scheduler.backpressure.max-consumer-lag",
                MAX_CONSUMER_LAG,
                "cmp.polling.scheduler.backpressure.lag-check-interval",
                "0s"));
    queues = app.bean(PollingQueueManager.class);
    loop = app.bean(SchedulingLoop.class);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void shardsFarAboveTheOldDepthThreshold_areDispatchedInFull_whileTheHandlersKeepUp()
      throws Exception {
    // 16 shards of 800 carddata cards each: 12 800 scheduled, 4 800 of them due.
    queues.requeueAll(cards(TaskType.CARDDATA, 1, 12_800, 3));
    for (int shard = 0; shard < queues.shardCount(); shard++) {
      // The seed's rule would skip every one of these shards, every round.
      assertThat(queues.getQueueDepth(shard, TaskType.CARDDATA)).isGreaterThan(OLD_DEPTH_THRESHOLD);
    }
    // A rule on the cards due, at the count limit, would hold the type back too.
    assertThat(queues.getBacklog(TaskType.CARDDATA).due()).isGreaterThan(MAX_CONSUMER_LAG);

    try (HandlersKeepingUp handlers = new HandlersKeepingUp(kafka, TaskType.CARDDATA)) {
      RoundCounts first = loop.runRound();

      assertThat(first.of(TaskType.CARDDATA).scheduled()).isEqualTo(4_800);
      await().atMost(Duration.ofSeconds(30)).until(() -> handlers.consumed() >= 4_800);
      // Another 4 800 come due, 25 600 scheduled: the handlers kept up, so they go out too.
      queues.requeueAll(cards(TaskType.CARDDATA, 12_801, 25_600, 3));
      assertThat(queues.getBacklog(TaskType.CARDDATA).due()).isEqualTo(4_800);
      assertThat(loop.runRound().of(TaskType.CARDDATA).scheduled()).isEqualTo(4_800);
    }

    assertThat(queues.getBacklog(TaskType.CARDDATA).due()).isZero();
    assertThat(skipped(TaskType.CARDDATA, "lag_age") + skipped(TaskType.CARDDATA, "lag_count"))
        .isZero();
    assertThat(app.bean(SchedulerStatsStore.class).read(TaskType.CARDDATA))
        .containsEntry("backpressure", "dispatching")
        .containsEntry("backpressure_cause", "none");
  }

  @Test
  void handlersThatStopConsuming_holdTheTypeBack_andMonitoringSaysWhy_untilTheyCatchUp()
      throws Exception {
    queues.requeueAll(cards(TaskType.REALNAME, 1, 200, 8));
    assertThat(loop.runRound().of(TaskType.REALNAME).scheduled()).isEqualTo(200);
    // Nobody consumes realname tasks: their age passes max-lag-age.
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                app.bean(ConsumerLag.class).of(TaskType.REALNAME).oldestAge().compareTo(MAX_LAG_AGE)
                    > 0);
    queues.requeueAll(cards(TaskType.REALNAME, 201, 500, 8));

    RoundCounts held = loop.runRound();

    assertThat(held.of(TaskType.REALNAME).scheduled()).isZero();
    assertThat(queues.getBacklog(TaskType.REALNAME).due()).isEqualTo(300);
    assertThat(skipped(TaskType.REALNAME, "lag_age")).isEqualTo(1);
    HoldBack latest = latestHoldBack(TaskType.REALNAME);
    assertThat(latest.cause()).isEqualTo("lag_age");
    assertThat(latest.consumerLag()).isEqualTo(200);
    assertThat(latest.consumerLagSeconds()).isGreaterThanOrEqualTo(MAX_LAG_AGE.toSeconds());
    assertThat(latest.dueCards()).isEqualTo(300);
    assertThat(stats(TaskType.REALNAME))
        .containsEntry("backpressure", "held_back")
        .containsEntry("backpressure_cause", "lag_age")
        .containsEntry("consumer_lag", "200")
        .containsEntry("due_backlog", "300")
        .containsEntry("total_held_back_rounds", "1")
        .containsEntry("max_lag_age_seconds", Long.toString(MAX_LAG_AGE.toSeconds()));
    HoldBack listed = latestListed(TaskType.REALNAME);
    assertThat(listed.cause()).isEqualTo("lag_age");
    assertThat(listed.reason()).contains("max-lag-age " + MAX_LAG_AGE.toSeconds() + " s");
    // A type with nothing waiting for its handlers is not held back.
    assertThat(stats(TaskType.PROTECT)).containsEntry("backpressure", "dispatching");

    try (HandlersKeepingUp handlers = new HandlersKeepingUp(kafka, TaskType.REALNAME)) {
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> loop.runRound().of(TaskType.REALNAME).scheduled() == 300);
      // Consumed, so that nothing of this test is left waiting to hold realname back later.
      await().atMost(Duration.ofSeconds(30)).until(() -> handlers.consumed() >= 500);
    }
    assertThat(stats(TaskType.REALNAME)).containsEntry("backpressure", "dispatching");
  }

  @Test
  void moreTasksWaitingThanMaxConsumerLag_holdTheTypeBack_forTheirCount_andMonitoringSaysWhy()
      throws Exception {
    double skippedBefore = skipped(TaskType.PACKAGE, "lag_count");
    queues.requeueAll(cards(TaskType.PACKAGE, 1, 1_500, 8));
    // Published in one round; nobody consumes package tasks: 1 500 wait, a moment old.
    assertThat(loop.runRound().of(TaskType.PACKAGE).scheduled()).isEqualTo(1_500);
    queues.requeueAll(cards(TaskType.PACKAGE, 1_501, 1_800, 8));

    RoundCounts held = loop.runRound();

    assertThat(held.of(TaskType.PACKAGE).scheduled()).isZero();
    assertThat(queues.getBacklog(TaskType.PACKAGE).due()).isEqualTo(300);
    assertThat(skipped(TaskType.PACKAGE, "lag_count")).isEqualTo(skippedBefore + 1);
    HoldBack latest = latestHoldBack(TaskType.PACKAGE);
    assertThat(latest.cause()).isEqualTo("lag_count");
    assertThat(latest.consumerLag()).isEqualTo(1_500);
    // The count decided, not the age: the oldest task had waited less than max-lag-age.
    assertThat(latest.consumerLagSeconds()).isLessThanOrEqualTo(MAX_LAG_AGE.toSeconds());
    assertThat(latest.reason())
        .isEqualTo("1500 tasks wait for its handlers (max-consumer-lag " + MAX_CONSUMER_LAG + ")");
    assertThat(stats(TaskType.PACKAGE))
        .containsEntry("backpressure", "held_back")
        .containsEntry("backpressure_cause", "lag_count")
        .containsEntry("consumer_lag", "1500")
        .containsEntry("due_backlog", "300")
        .containsEntry("max_consumer_lag", Long.toString(MAX_CONSUMER_LAG));
    assertThat(latestListed(TaskType.PACKAGE).cause()).isEqualTo("lag_count");
    assertThat(heldBackGauge(TaskType.PACKAGE)).isEqualTo(1);

    try (HandlersKeepingUp handlers = new HandlersKeepingUp(kafka, TaskType.PACKAGE)) {
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> loop.runRound().of(TaskType.PACKAGE).scheduled() == 300);
      await().atMost(Duration.ofSeconds(30)).until(() -> handlers.consumed() >= 1_800);
    }
    assertThat(stats(TaskType.PACKAGE)).containsEntry("backpressure", "dispatching");
    assertThat(heldBackGauge(TaskType.PACKAGE)).isZero();
  }

  private static double skipped(TaskType type, String cause) {
    return app
        .bean(MeterRegistry.class)
        .find("polling.scheduler.skipped")
        .tags("task_type", type.code(), "cause", cause)
        .counters()
        .stream()
        .mapToDouble(c -> c.count())
        .sum();
  }

  private static double heldBackGauge(TaskType type) {
    return app.bean(MeterRegistry.class)
        .get("polling.scheduler.held_back")
        .tag("task_type", type.code())
        .gauge()
        .value();
  }

  private static Map<String, String> stats(TaskType type) {
    return app.bean(SchedulerStatsStore.class).read(type);
  }

  /** The newest hold-back of the type this instance recorded (the history is shared). */
  private static HoldBack latestHoldBack(TaskType type) {
    return app.bean(HoldBackHistory.class).recent().stream()
        .filter(holdBack -> holdBack.taskType() == type)
        .findFirst()
        .orElseThrow();
  }

  /**
   * The newest hold-back of the type in the shared history, as any other process (the operator
   * app's {@code GET /api/monitoring/backpressure}) reads it from Redis.
   */
  private static HoldBack latestListed(TaskType type) {
    return new HoldBackHistory(redis.template())
        .recent().stream()
            .filter(holdBack -> holdBack.taskType() == type)
            .findFirst()
            .orElseThrow(() -> new AssertionError("no hold-back of " + type.code() + " listed"));
  }

  /**
   * Cards {@code from}…{@code to}; in every shard, {@code dueEighths} eighths of them due a minute
   * ago, the others in an hour.
   */
  private static List<ScheduledCheck> cards(TaskType type, long from, long to, int dueEighths) {
    List<ScheduledCheck> checks = new ArrayList<>();
    Instant now = Instant.now();
    for (long card = from; card <= to; card++) {
      boolean due = (card / 16) % 8 < dueEighths;
      checks.add(
          new ScheduledCheck(card, type, due ? now.minusSeconds(60) : now.plusSeconds(3600)));
    }
    return checks;
  }
}
