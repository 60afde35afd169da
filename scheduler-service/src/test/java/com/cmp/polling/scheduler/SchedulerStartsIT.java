package com.cmp.polling.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.scheduler.schedule.SchedulingLoop;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The app starts on an empty database: Flyway migrates it, the configs load. */
class SchedulerStartsIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static SchedulerTestApp app;

  @BeforeAll
  static void start() {
    app = SchedulerTestApp.start(postgres, redis, kafka, Map.of());
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void startsOnAnEmptyDatabase_migratesIt_andLoadsTheDefaultConfigs() {
    assertThat(app.bean(PollingConfigManager.class).snapshot().configs()).hasSize(3);
    assertThat(app.bean(SchedulingLoop.class).isRunning()).isFalse();
    assertThat(redis.template().hasKey("polling:configs")).isTrue();
  }
}
