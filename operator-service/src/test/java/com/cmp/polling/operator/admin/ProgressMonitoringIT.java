package com.cmp.polling.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** {@code GET /api/monitoring/initializer} and {@code /scheduler} report the stored hashes. */
class ProgressMonitoringIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static OperatorTestApp app;
  static AdminApi api;

  @BeforeAll
  static void start() {
    app = OperatorTestApp.start(postgres, redis, kafka, Map.of());
    api = AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN);
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
  void initializer_beforeAnyRun_saysNotStarted() {
    AdminApi.Reply reply = api.get("/api/monitoring/initializer");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().path("started").asBoolean()).isFalse();
    assertThat(reply.json().size()).isEqualTo(1);
  }

  @Test
  void initializer_showsTheStoredProgressWithRateAndEta() {
    redis
        .template()
        .opsForHash()
        .putAll(
            RedisKeys.INIT_PROGRESS,
            Map.of(
                "processed", "250000",
                "total", "1000000",
                "last_id", "250000",
                "completed", "false",
                "started_at", "2026-01-01T00:00:00Z",
                "updated_at", "2026-01-01T00:00:05Z"));

    JsonNode body = api.get("/api/monitoring/initializer").json();

    assertThat(body.path("started").asBoolean()).isTrue();
    assertThat(body.path("processed").asLong()).isEqualTo(250_000);
    assertThat(body.path("total").asLong()).isEqualTo(1_000_000);
    assertThat(body.path("percent").asDouble()).isEqualTo(25.0);
    assertThat(body.path("cardsPerSecond").asLong()).isEqualTo(50_000);
    assertThat(body.path("etaSeconds").asLong()).isEqualTo(15);
    assertThat(body.path("lastId").asLong()).isEqualTo(250_000);
    assertThat(body.path("completed").asBoolean()).isFalse();
    assertThat(body.path("startedAt").asString()).isEqualTo("2026-01-01T00:00:00Z");
    assertThat(body.path("updatedAt").asString()).isEqualTo("2026-01-01T00:00:05Z");
  }

  @Test
  void scheduler_showsTheStatsOfEveryTaskType_countersAsNumbers() {
    redis
        .template()
        .opsForHash()
        .putAll(
            RedisKeys.stats(TaskType.REALNAME),
            Map.of(
                "last_schedule_at", "2026-01-01T00:00:00Z",
                "last_schedule_count", "500",
                "total_scheduled", "1490",
                "total_manual", "10",
                "total_publish_failures", "0"));

    JsonNode body = api.get("/api/monitoring/scheduler").json();

    JsonNode realname = body.path("realname");
    assertThat(realname.path("last_schedule_at").asString()).isEqualTo("2026-01-01T00:00:00Z");
    assertThat(realname.path("last_schedule_count").isNumber()).isTrue();
    assertThat(realname.path("last_schedule_count").asLong()).isEqualTo(500);
    assertThat(realname.path("total_scheduled").asLong()).isEqualTo(1490);
    assertThat(realname.path("total_manual").asLong()).isEqualTo(10);
    for (String type : new String[] {"carddata", "package", "protect"}) {
      assertThat(body.path(type).isObject()).as(type).isTrue();
      assertThat(body.path(type).size()).as(type).isZero();
    }
  }
}
