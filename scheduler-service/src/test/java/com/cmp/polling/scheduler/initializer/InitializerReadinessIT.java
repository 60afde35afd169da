package com.cmp.polling.scheduler.initializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.testsupport.app.ReadinessProbe;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.core.env.Environment;

/**
 * The scheduler is ready once the queues are being filled: while another process holds the
 * initializer's lock and no run has begun, its readiness probe says DOWN, naming the initializer;
 * once that process has recorded a run in Redis (as a scheduler killed in the middle of one leaves
 * it, its lock still running out) the probe says UP at once, lock or no lock; once the lock is free
 * this initializer takes the run over and completes it.
 */
class InitializerReadinessIT {

  private static final String TOKEN = "readiness-token";

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  @Test
  void notReadyBeforeAnyRun_readyOnceARunIsUnderWay_evenByAnotherProcess() {
    // Another instance's lock, as it would hold it while initializing.
    redis
        .template()
        .opsForValue()
        .set(RedisKeys.INIT_LOCK, "another-instance", Duration.ofMinutes(2));

    try (SchedulerTestApp app =
        SchedulerTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.scheduler.initializer.enabled",
                true,
                "cmp.polling.scheduler.initializer.watch-interval",
                "200ms",
                "cmp.polling.management.token",
                TOKEN))) {
      int port = app.bean(Environment.class).getProperty("local.server.port", Integer.class);
      assertThat(ReadinessProbe.ask(port).down()).isTrue();
      ReadinessProbe.Answer locked = ReadinessProbe.healthWithDetails(port, TOKEN);
      assertThat(locked.body()).contains("card initializer");

      // The lock holder begins its run (or had begun it before it was killed): UP, lock held.
      InitProgressStore progress = app.bean(InitProgressStore.class);
      progress.startFresh(InitProgress.starting(1_000, Instant.now()));
      await("ready once a run is under way, whoever holds the lock")
          .atMost(Duration.ofSeconds(10))
          .until(() -> ReadinessProbe.ask(port).up());
      assertThat(redis.template().opsForValue().get(RedisKeys.INIT_LOCK))
          .isEqualTo("another-instance");

      redis.template().delete(RedisKeys.INIT_LOCK);
      await("the run taken over and completed once the lock is free")
          .atMost(Duration.ofSeconds(30))
          .until(() -> progress.read().map(InitProgress::completed).orElse(false));
      assertThat(ReadinessProbe.ask(port).up()).isTrue();
    }
  }
}
