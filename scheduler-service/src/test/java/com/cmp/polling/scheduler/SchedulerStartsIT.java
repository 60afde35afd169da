package com.cmp.polling.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.switches.RuleSwitchCache;
import com.cmp.polling.scheduler.schedule.SchedulingLoop;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/**
 * The app starts on an empty database: Flyway migrates it, the configs load. It is the engine
 * alone: its one web server serves the actuator, with the health details for the management token's
 * holder only; nothing of the carrier's side (gateway, rate limiter, rule switches) is in it.
 */
class SchedulerStartsIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  private static final String MANAGEMENT_TOKEN = "test-management-token";

  static SchedulerTestApp app;

  @BeforeAll
  static void start() {
    app =
        SchedulerTestApp.start(
            postgres, redis, kafka, Map.of("cmp.polling.management.token", MANAGEMENT_TOKEN));
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

  @Test
  void theOneWebServer_servesTheActuator_healthDetailsOnlyWithTheManagementToken_andNoApi() {
    Reply open = get("/actuator/health", null);
    Reply authorised = get("/actuator/health", "Bearer " + MANAGEMENT_TOKEN);
    Reply wrong = get("/actuator/health", "Bearer " + MANAGEMENT_TOKEN + "x");

    assertThat(open.status()).isEqualTo(200);
    assertThat(open.body()).contains("\"status\":\"UP\"").doesNotContain("details");
    assertThat(authorised.status()).isEqualTo(200);
    assertThat(authorised.body()).contains("\"details\"", "PostgreSQL");
    assertThat(wrong.status()).isEqualTo(401);
    assertThat(get("/actuator/prometheus", null).body())
        .contains("polling_scheduler_round_seconds");
    assertThat(get("/api/monitoring/queues", null).status()).isEqualTo(404);
    assertThat(get("/console/", null).status()).isEqualTo(404);
  }

  @Test
  void theEngine_holdsNoCarrierSide_andOneRedisSubscription() {
    ConfigurableApplicationContext context = app.context();
    List<String> carrierSide =
        Arrays.stream(context.getBeanDefinitionNames())
            .map(context::getType)
            .filter(type -> type != null)
            .map(Class::getName)
            .filter(
                name ->
                    name.startsWith("com.cmp.polling.stopresume.")
                        || name.equals(RuleSwitchCache.class.getName()))
            .toList();
    assertThat(carrierSide).isEmpty();
    assertThatThrownBy(() -> Class.forName("com.cmp.polling.stopresume.StopResumeService"))
        .as("stop-resume-service is not on the scheduler's classpath")
        .isInstanceOf(ClassNotFoundException.class);
    assertThat(context.getBeansOfType(RedisMessageListenerContainer.class)).hasSize(1);
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

  private record Reply(int status, String body) {}

  private static Reply get(String path, String authorization) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(app.managementUrl() + path))
            .timeout(Duration.ofSeconds(10));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    try {
      HttpResponse<String> response =
          HttpClient.newHttpClient().send(request.build(), BodyHandlers.ofString());
      return new Reply(response.statusCode(), response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static long connectionsReceived() {
    Properties stats =
        redis.template().execute((RedisCallback<Properties>) c -> c.serverCommands().info("stats"));
    return Long.parseLong(stats.getProperty("total_connections_received"));
  }
}
