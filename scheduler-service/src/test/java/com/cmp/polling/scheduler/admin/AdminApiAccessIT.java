package com.cmp.polling.scheduler.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** Who gets in: the API wants the bearer token, the actuator (health, Prometheus) stays open. */
class AdminApiAccessIT {

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
  void apiWithoutToken_isRefusedWith401AndAJsonError() {
    AdminApi.Reply reply =
        AdminApi.withAuthorization(app.baseUrl(), null).get("/api/monitoring/queues");

    assertThat(reply.status()).isEqualTo(401);
    assertThat(reply.error()).isEqualTo("unauthorized");
    assertThat(reply.message()).contains("missing bearer token");
  }

  @Test
  void apiWithWrongToken_isRefusedWith401_whateverTheMethod() {
    AdminApi wrong = AdminApi.withToken(app.baseUrl(), SchedulerTestApp.TOKEN + "x");

    assertThat(wrong.get("/api/monitoring/scheduler").status()).isEqualTo(401);
    assertThat(wrong.post("/api/admin/cards/1/checks/carddata").status()).isEqualTo(401);
    assertThat(wrong.patch("/api/admin/assets/card/1/polling-status", "{\"enablePolling\":false}"))
        .extracting(AdminApi.Reply::status, AdminApi.Reply::message)
        .containsExactly(401, "invalid bearer token");
  }

  @Test
  void apiWithOtherAuthorizationScheme_isRefusedWith401() {
    AdminApi basic = AdminApi.withAuthorization(app.baseUrl(), "Basic " + SchedulerTestApp.TOKEN);

    assertThat(basic.get("/api/monitoring/queues").status()).isEqualTo(401);
  }

  @Test
  void apiWithRightToken_answers200() {
    AdminApi.Reply reply =
        AdminApi.withToken(app.baseUrl(), SchedulerTestApp.TOKEN).get("/api/monitoring/queues");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().path("shardCount").asLong()).isEqualTo(16);
  }

  @Test
  void unknownApiPath_withToken_isAJson404() {
    AdminApi.Reply reply =
        AdminApi.withToken(app.baseUrl(), SchedulerTestApp.TOKEN).get("/api/admin/nothing-here");

    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.error()).isEqualTo("not_found");
  }

  @Test
  void health_isOpenWithoutToken_andShowsDbRedisAndKafkaUp() {
    AdminApi.Reply reply = AdminApi.withAuthorization(app.baseUrl(), null).get("/actuator/health");

    assertThat(reply.status()).isEqualTo(200);
    JsonNode health = reply.json();
    assertThat(health.path("status").asString()).isEqualTo("UP");
    for (String component : new String[] {"db", "redis", "kafka"}) {
      assertThat(health.path("components").path(component).path("status").asString())
          .as(component)
          .isEqualTo("UP");
    }
  }

  @Test
  void prometheus_isOpenWithoutToken_andServesTheSchedulerMetrics() {
    AdminApi.Reply reply =
        AdminApi.withAuthorization(app.baseUrl(), null).get("/actuator/prometheus");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.body()).contains("polling_scheduler_round_seconds");
  }
}
