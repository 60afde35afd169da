package com.cmp.polling.scheduler.initializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.testsupport.app.ReadinessProbe;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.core.env.Environment;

/**
 * The scheduler is ready once its initializer has looked at the queues: while another instance
 * holds the initializer's lock its readiness probe says DOWN, naming the initializer; once the lock
 * is free the initializer fills the queues and the probe says UP.
 */
class InitializerReadinessIT {

  private static final String TOKEN = "readiness-token";

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  @Test
  void notReadyWhileTheInitializerCannotStart_readyOnceItHas() {
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

      redis.template().delete(RedisKeys.INIT_LOCK);
      await("ready once the initializer has started")
          .atMost(Duration.ofSeconds(30))
          .until(() -> ReadinessProbe.ask(port).up());
      assertThat(redis.template().hasKey(RedisKeys.INIT_PROGRESS)).isTrue();
    }
  }
}
