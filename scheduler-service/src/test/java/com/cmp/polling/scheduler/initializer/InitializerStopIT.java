package com.cmp.polling.scheduler.initializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.logging.CapturedLogs;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The app stopped in the middle of the initializer's run (a rolling deployment, Ctrl-C): the
 * interrupted page is the stop, not a failure, so nothing is logged as an error, and the run's
 * progress stays in Redis for the next start to go on from.
 */
class InitializerStopIT {

  private static final int CARDS = 100_000;

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  @Test
  void stoppedMidRun_logsNoError_andKeepsTheRunsProgress() {
    postgres
        .jdbc()
        .sql(
            "INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type)"
                + " SELECT '8986' || lpad(g::text, 16, '0'), 1, 'stop-test'"
                + " FROM generate_series(1, ?) g")
        .param(CARDS)
        .update();
    try (CapturedLogs logs = CapturedLogs.of(CardInitializer.class)) {
      SchedulerTestApp app =
          SchedulerTestApp.start(
              postgres,
              redis,
              kafka,
              Map.of(
                  "cmp.polling.scheduler.initializer.enabled",
                  true,
                  // Pages long enough to write that the stop lands in a write to Redis.
                  "cmp.polling.scheduler.initializer.batch-size",
                  20_000,
                  "cmp.polling.scheduler.initializer.pause",
                  "0s"));
      InitProgressStore progress = app.bean(InitProgressStore.class);
      try {
        await("the run under way")
            .atMost(Duration.ofSeconds(60))
            .pollInterval(Duration.ofMillis(20))
            .until(() -> progress.read().map(InitProgress::processed).orElse(0L) >= 20_000);
      } finally {
        app.close();
      }

      assertThat(logs.messages(Level.ERROR)).isEmpty();
      assertThat(logs.withStackTraces()).isZero();
    }
    InitProgress kept = new InitProgressStore(redis.template()).read().orElseThrow();
    assertThat(kept.completed()).as("stopped before the end of %d cards", CARDS).isFalse();
    assertThat(kept.lastId()).isPositive();
  }
}
