package com.cmp.polling.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.announce.Announced;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;
import tools.jackson.databind.JsonNode;

/**
 * Who gets in: the API wants the bearer token; the actuator is not on the API's port but on the
 * management port, where health status and Prometheus are open and health details need the
 * management token. No scheduler runs beside this operator app: what it would carry out is refused
 * as unavailable.
 */
class AdminApiAccessIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  private static final String MANAGEMENT_TOKEN = "test-management-token";

  static OperatorTestApp app;

  @BeforeAll
  static void start() {
    app =
        OperatorTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.management.token",
                MANAGEMENT_TOKEN,
                "cmp.polling.operator.requests.take-timeout",
                "1s"));
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
    AdminApi wrong = AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN + "x");

    assertThat(wrong.get("/api/monitoring/scheduler").status()).isEqualTo(401);
    assertThat(wrong.post("/api/admin/cards/1/checks/carddata").status()).isEqualTo(401);
    assertThat(wrong.patch("/api/admin/assets/card/1/polling-status", "{\"enablePolling\":false}"))
        .extracting(AdminApi.Reply::status, AdminApi.Reply::message)
        .containsExactly(401, "invalid bearer token");
  }

  @Test
  void apiWithOtherAuthorizationScheme_isRefusedWith401() {
    AdminApi basic = AdminApi.withAuthorization(app.baseUrl(), "Basic " + OperatorTestApp.TOKEN);

    assertThat(basic.get("/api/monitoring/queues").status()).isEqualTo(401);
  }

  @Test
  void apiWithRightToken_answers200() {
    AdminApi.Reply reply =
        AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN).get("/api/monitoring/queues");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().path("shardCount").asLong()).isEqualTo(16);
  }

  @Test
  void unknownApiPath_withToken_isAJson404() {
    AdminApi.Reply reply =
        AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN).get("/api/admin/nothing-here");

    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.error()).isEqualTo("not_found");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/actuator",
        "/actuator/health",
        "/actuator/prometheus",
        "/actuator/metrics",
        "/actuator/info"
      })
  void actuatorOnTheApiPort_is404(String path) {
    assertThat(AdminApi.withAuthorization(app.baseUrl(), null).get(path).status()).isEqualTo(404);
    assertThat(AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN).get(path).status())
        .isEqualTo(404);
  }

  @Test
  void managementPort_isNotTheApiPort_andServesNoApi() {
    assertThat(app.managementUrl()).isNotEqualTo(app.baseUrl());
    AdminApi.Reply reply =
        AdminApi.withAuthorization(app.managementUrl(), null).get("/api/monitoring/queues");

    assertThat(reply.status()).isEqualTo(404);
  }

  @Test
  void healthWithoutToken_showsTheStatusAndTheComponents_butNoDetails() {
    AdminApi.Reply reply =
        AdminApi.withAuthorization(app.managementUrl(), null).get("/actuator/health");

    assertThat(reply.status()).isEqualTo(200);
    JsonNode health = reply.json();
    assertThat(health.path("status").asString()).isEqualTo("UP");
    for (String component : new String[] {"db", "redis", "kafka", "diskSpace"}) {
      assertThat(health.path("components").path(component).path("status").asString())
          .as(component)
          .isEqualTo("UP");
    }
    // No database product, disk path or Kafka cluster id for just anyone.
    assertThat(reply.body()).doesNotContain("details", "PostgreSQL", "clusterId", "path");
  }

  /** Its stores answer: ready, as the probe an orchestrator asks says. */
  @Test
  void readinessProbe_isUp_whileItsStoresAnswer() {
    AdminApi.Reply reply =
        AdminApi.withAuthorization(app.managementUrl(), null).get("/actuator/health/readiness");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().path("status").asString()).isEqualTo("UP");
  }

  @Test
  void healthWithTheManagementToken_showsTheDetails() {
    AdminApi.Reply reply =
        AdminApi.withToken(app.managementUrl(), MANAGEMENT_TOKEN).get("/actuator/health");

    assertThat(reply.status()).isEqualTo(200);
    JsonNode components = reply.json().path("components");
    assertThat(components.path("db").path("details").path("database").asString())
        .isEqualTo("PostgreSQL");
    assertThat(components.path("kafka").path("details").path("clusterId").asString()).isNotEmpty();
    assertThat(components.path("diskSpace").path("details").has("path")).isTrue();
  }

  @Test
  void healthWithTheAdminToken_orAWrongOne_isRefusedWith401() {
    for (String token : new String[] {OperatorTestApp.TOKEN, MANAGEMENT_TOKEN + "x"}) {
      AdminApi.Reply reply = AdminApi.withToken(app.managementUrl(), token).get("/actuator/health");

      assertThat(reply.status()).isEqualTo(401);
      assertThat(reply.error()).isEqualTo("unauthorized");
      assertThat(reply.body()).doesNotContain("details");
    }
  }

  @Test
  void prometheus_isOpenOnTheManagementPort_andServesTheFleetGauges() {
    AdminApi.Reply reply =
        AdminApi.withAuthorization(app.managementUrl(), null).get("/actuator/prometheus");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.body()).contains("polling_queue_queued{", "polling_snapshot_age_seconds");
    // The engine's own figures are the scheduler's, not the operator's.
    assertThat(reply.body()).doesNotContain("polling_scheduler_round_seconds");
  }

  @Test
  void theApp_subscribesItsConfigsAndRuleSwitchesThroughOneRedisListenerContainer() {
    assertThat(app.context().getBeansOfType(RedisMessageListenerContainer.class)).hasSize(1);
    assertThat(app.context().getBeansOfType(Announced.class).values())
        .extracting(Announced::channel)
        .containsExactlyInAnyOrder(RedisKeys.CONFIGS_CHANGED, RedisKeys.RULE_SWITCHES_CHANGED);
  }

  @ParameterizedTest
  @ValueSource(strings = {"rebuild", "reconcile"})
  void aRebuildOrReconcile_withNoSchedulerRunning_is503_andTheRequestIsWithdrawn(String what) {
    AdminApi.Reply reply =
        AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN).post("/api/admin/queues/" + what);

    assertThat(reply.status()).isEqualTo(503);
    assertThat(reply.error()).isEqualTo("service_unavailable");
    assertThat(reply.message())
        .isEqualTo(
            "no scheduler instance took the "
                + what
                + " request within 1 s: is one running against this Redis?");
    assertThat(redis.template().opsForList().size(RedisKeys.SCHEDULER_REQUESTS)).isZero();
  }
}
