package com.cmp.polling.scheduler.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Back-pressure on real Redis and Kafka, on its default limits except a short {@code max-lag-age}
 * (3 s instead of 60 s) and a fresh measure every round: a fleet far above the seed's depth rule is
 * dispatched in full while the handlers keep up, and a type whose handlers stop consuming is held
 * back, with its reason in the monitoring API, the history and the metric.
 */
class BackpressureIT {

  /** The seed's rule (500 000 cards per shard), scaled down a thousand times. */
  private static final long OLD_DEPTH_THRESHOLD = 500;

  private static final Duration MAX_LAG_AGE = Duration.ofSeconds(3);

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();
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

    try (HandlersKeepingUp handlers = new HandlersKeepingUp(kafka, TaskType.CARDDATA)) {
      RoundCounts first = loop.runRound();

      assertThat(first.of(TaskType.CARDDATA).scheduled()).isEqualTo(4_800);
      await().atMost(Duration.ofSeconds(30)).until(() -> handlers.consumed() >= 4_800);
      // Another 4 800 come due: the handlers kept up, so they go out too.
      queues.requeueAll(cards(TaskType.CARDDATA, 12_801, 25_600, 3));
      assertThat(loop.runRound().of(TaskType.CARDDATA).scheduled()).isEqualTo(4_800);
    }

    assertThat(queues.getBacklog(TaskType.CARDDATA).due()).isZero();
    assertThat(skipped(TaskType.CARDDATA)).isZero();
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
    assertThat(skipped(TaskType.REALNAME)).isEqualTo(1);
    HoldBack latest = app.bean(HoldBackHistory.class).recent().get(0);
    assertThat(latest.taskType()).isEqualTo(TaskType.REALNAME);
    assertThat(latest.cause()).isEqualTo("lag_age");
    assertThat(latest.consumerLag()).isEqualTo(200);
    assertThat(latest.consumerLagSeconds()).isGreaterThanOrEqualTo(MAX_LAG_AGE.toSeconds());
    assertThat(latest.dueCards()).isEqualTo(300);
    JsonNode stats = get("/api/monitoring/scheduler").path("realname");
    assertThat(stats.path("backpressure").asString()).isEqualTo("held_back");
    assertThat(stats.path("backpressure_cause").asString()).isEqualTo("lag_age");
    assertThat(stats.path("consumer_lag").asLong()).isEqualTo(200);
    assertThat(stats.path("due_backlog").asLong()).isEqualTo(300);
    assertThat(stats.path("total_held_back_rounds").asLong()).isEqualTo(1);
    JsonNode history = get("/api/monitoring/backpressure");
    assertThat(history.get(0).path("taskType").asString()).isEqualTo("realname");
    assertThat(history.get(0).path("reason").asString()).contains("max-lag-age 3 s");
    // The other types, with nothing waiting for their handlers, are not held back.
    assertThat(skipped(TaskType.PACKAGE)).isZero();

    try (HandlersKeepingUp handlers = new HandlersKeepingUp(kafka, TaskType.REALNAME)) {
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> loop.runRound().of(TaskType.REALNAME).scheduled() == 300);
    }
    assertThat(get("/api/monitoring/scheduler").path("realname").path("backpressure").asString())
        .isEqualTo("dispatching");
  }

  private static double skipped(TaskType type) {
    return app
        .bean(MeterRegistry.class)
        .find("polling.scheduler.skipped")
        .tag("task_type", type.code())
        .counters()
        .stream()
        .mapToDouble(c -> c.count())
        .sum();
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

  private static JsonNode get(String path) throws Exception {
    var request =
        HttpRequest.newBuilder(URI.create(app.baseUrl() + path))
            .header("Authorization", "Bearer " + SchedulerTestApp.TOKEN)
            .GET()
            .build();
    var response = HttpClient.newHttpClient().send(request, BodyHandlers.ofString());
    assertThat(response.statusCode()).as(path).isEqualTo(200);
    return JsonMapper.builder().build().readTree(response.body());
  }
}
