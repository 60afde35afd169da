package com.cmp.polling.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.scheduler.schedule.SchedulingLoop;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

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

  @Test
  void aShardCountOtherThanTheQueuesWereBuiltWith_refusesToStart_namingBoth_theSameCountStarts() {
    assertThat(redis.template().opsForValue().get("polling:queue:shard-count")).isEqualTo("16");

    assertThatThrownBy(
            () ->
                SchedulerTestApp.start(
                    postgres, redis, kafka, Map.of("cmp.polling.queue.shard-count", 32)))
        .rootCause()
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cmp.polling.queue.shard-count is 32")
        .hasMessageContaining("built with 16 shards")
        .hasMessageContaining("README, section 'Changing the shard count'");

    try (SchedulerTestApp same =
        SchedulerTestApp.start(
            postgres, redis, kafka, Map.of("cmp.polling.queue.shard-count", 16))) {
      assertThat(same.bean(PollingQueueManager.class).shardCount()).isEqualTo(16);
    }
    assertThat(redis.template().opsForValue().get("polling:queue:shard-count")).isEqualTo("16");
  }

  /**
   * Pipelines run on dedicated connections: without a pool, every one of them (each round's leases
   * and stats) opened and closed a TCP connection to Redis.
   */
  @Test
  void redisPipelines_reuseConnectionsFromThePool() {
    StringRedisTemplate appRedis = app.bean(StringRedisTemplate.class);
    appRedis.executePipelined(pipelineOfTwoWrites(0));
    long before = connectionsReceived();
    for (int i = 1; i <= 50; i++) {
      appRedis.executePipelined(pipelineOfTwoWrites(i));
    }
    assertThat(redis.template().opsForValue().get("pool-test:50")).isEqualTo("50");
    assertThat(connectionsReceived() - before)
        .as("connections Redis accepted during 50 pipelines")
        .isLessThanOrEqualTo(2);
  }

  private static RedisCallback<Object> pipelineOfTwoWrites(int i) {
    return c -> {
      c.stringCommands().set(("pool-test:" + i).getBytes(), Integer.toString(i).getBytes());
      c.keyCommands().expire(("pool-test:" + i).getBytes(), 60);
      return null;
    };
  }

  private static long connectionsReceived() {
    Properties stats =
        redis.template().execute((RedisCallback<Properties>) c -> c.serverCommands().info("stats"));
    return Long.parseLong(stats.getProperty("total_connections_received"));
  }
}
