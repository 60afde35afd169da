package com.cmp.polling.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.stopresume.StopResumeService;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** Operators' stop and resume through the API, the carrier being the gateway simulator. */
class StopResumeApiIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static OperatorTestApp app;
  static AdminApi api;
  static SimulatorControl carrier;
  static QueueState queues;

  private static final AtomicInteger ICCIDS = new AtomicInteger(7100);

  @BeforeAll
  static void start() {
    app = OperatorTestApp.start(postgres, redis, kafka, Map.of());
    api = AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN);
    carrier = app.simulator().control();
    queues = new QueueState(redis.template());
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void evaluation_ofACardWhoseOnlyPackageIsUsedUp_showsEveryReason_beforeAndAfterItsStop() {
    long card = postgres.data().card().iccid("89860000000000077301").unverified().insert();
    postgres.data().packageOfCard(card).status(2).usage("100", "100").insert();

    JsonNode before = api.get("/api/admin/cards/" + card + "/evaluation").json();
    app.bean(StopResumeService.class).evaluateAndAct(card);
    JsonNode after = api.get("/api/admin/cards/" + card + "/evaluation").json();

    assertThat(before.path("stoppedFor").isNull()).isTrue();
    assertThat(before.at("/wouldDo/action").asString()).isEqualTo("stop");
    assertThat(before.at("/wouldDo/reason").asString()).isEqualTo("no_package");
    assertThat(codes(before.at("/wouldDo/reasons")))
        .containsExactly("no_package", "traffic_exhausted", "not_realname");
    assertThat(after.at("/stoppedFor/reason").asString()).isEqualTo("no_package");
    assertThat(codes(after.at("/stoppedFor/reasonsAtStop")))
        .containsExactly("no_package", "traffic_exhausted", "not_realname");
    assertThat(after.at("/stoppedFor/trigger").asString()).isEqualTo("evaluation");
    assertThat(after.at("/stoppedFor/at").isString()).isTrue();
    assertThat(after.at("/wouldDo/action").asString()).isEqualTo("none");
    assertThat(after.at("/wouldDo/reasons").size()).isZero();
  }

  @Test
  void evaluation_ofACardStoppedOutsideTheLog_saysItsReasonOnly() {
    long card = postgres.data().card().iccid("89860000000000077302").stopped("manual").insert();

    JsonNode stoppedFor =
        api.get("/api/admin/cards/" + card + "/evaluation").json().path("stoppedFor");

    assertThat(stoppedFor.path("reason").asString()).isEqualTo("manual");
    assertThat(stoppedFor.path("reasonsAtStop").isNull()).isTrue();
    assertThat(stoppedFor.path("trigger").isNull()).isTrue();
  }

  private static List<String> codes(JsonNode array) {
    List<String> codes = new ArrayList<>();
    array.forEach(code -> codes.add(code.asString()));
    return codes;
  }

  @Test
  void stopThenResume_withProtection_changeTheCarrierTheRowAndTheProtectionPeriod() {
    String iccid = "89860000000000077001";
    long card = postgres.data().card().iccid(iccid).insert();

    AdminApi.Reply stopped =
        api.post("/api/admin/cards/" + card + "/stop", "{\"protectForSeconds\": 3600}");

    assertThat(stopped.status()).isEqualTo(200);
    JsonNode body = stopped.json();
    assertThat(body.path("cardId").asLong()).isEqualTo(card);
    assertThat(body.path("action").asString()).isEqualTo("stop");
    assertThat(body.path("reason").asString()).isEqualTo("manual");
    assertThat(body.path("reasons").size()).isEqualTo(1);
    assertThat(body.path("reasons").get(0).asString()).isEqualTo("manual");
    assertThat(body.path("trigger").asString()).isEqualTo("operator");
    assertThat(body.path("success").asBoolean()).isTrue();
    assertThat(body.path("attempts").asLong()).isEqualTo(1);
    assertThat(body.path("protectedForSeconds").asLong()).isEqualTo(3600);
    assertThat(CardRows.network(postgres, card))
        .containsEntry("network_status", 0)
        .containsEntry("stop_reason", "manual");
    assertThat(queues.protection(card)).isEqualTo("stop");
    assertThat(queues.protectionTtlSeconds(card)).isBetween(3590L, 3600L);
    assertThat(queues.score(card, TaskType.PROTECT)).isNotNull();
    assertThat(carrier.card(iccid).online()).isFalse();
    assertThat(carrier.calls(iccid)).isEqualTo(Map.of("stop", 1));

    AdminApi.Reply resumed =
        api.post("/api/admin/cards/" + card + "/resume", "{\"protectForSeconds\": 600}");

    assertThat(resumed.status()).isEqualTo(200);
    assertThat(resumed.json().path("action").asString()).isEqualTo("resume");
    assertThat(resumed.json().path("protectedForSeconds").asLong()).isEqualTo(600);
    assertThat(CardRows.network(postgres, card))
        .containsEntry("network_status", 1)
        .containsEntry("stop_reason", null);
    assertThat(queues.protection(card)).isEqualTo("start");
    assertThat(queues.protectionTtlSeconds(card)).isBetween(590L, 600L);
    assertThat(carrier.card(iccid).online()).isTrue();
    assertThat(carrier.calls(iccid)).isEqualTo(Map.of("stop", 1, "start", 1));
  }

  @Test
  void stopWithoutBody_stopsTheCard_withoutProtectionPeriod() {
    String iccid = "89860000000000077002";
    long card = postgres.data().card().iccid(iccid).insert();

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card + "/stop");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().path("protectedForSeconds").asLong()).isZero();
    assertThat(reply.json().path("protectionRecorded").asBoolean()).isTrue();
    assertThat(reply.json().path("warning").isNull()).isTrue();
    assertThat(CardRows.network(postgres, card)).containsEntry("network_status", 0);
    assertThat(queues.protection(card)).isNull();
    assertThat(carrier.calls(iccid)).isEqualTo(Map.of("stop", 1));
  }

  /** Bodies that mean "no protection period": empty, JSON null, no field, a null field. */
  @ParameterizedTest
  @ValueSource(
      strings = {"", "null", "{}", "{\"protectForSeconds\": null}", "{\"protectForSeconds\": 0}"})
  void stopWithABodyMeaningNoPeriod_stopsTheCard_withoutProtectionPeriod(String body) {
    String iccid = "8986000000000007" + ICCIDS.getAndIncrement();
    long card = postgres.data().card().iccid(iccid).insert();

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card + "/stop", body);

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().path("protectedForSeconds").asLong()).isZero();
    assertThat(CardRows.network(postgres, card)).containsEntry("network_status", 0);
    assertThat(queues.protection(card)).isNull();
    assertThat(carrier.calls(iccid)).isEqualTo(Map.of("stop", 1));
  }

  @Test
  void resumeWithTheLongestPeriod_thirtyDays_isAccepted() {
    String iccid = "89860000000000077004";
    long card = postgres.data().card().iccid(iccid).stopped("arrears").insert();

    AdminApi.Reply reply =
        api.post("/api/admin/cards/" + card + "/resume", "{\"protectForSeconds\": 2592000}");

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json().path("protectedForSeconds").asLong()).isEqualTo(2_592_000);
    assertThat(queues.protection(card)).isEqualTo("start");
    assertThat(queues.protectionTtlSeconds(card)).isBetween(2_591_990L, 2_592_000L);
    assertThat(carrier.calls(iccid)).isEqualTo(Map.of("start", 1));
  }

  @Test
  void afterAStop_prometheusCountsTheOperatorsAction() {
    long card = postgres.data().card().iccid("89860000000000077003").insert();
    assertThat(api.post("/api/admin/cards/" + card + "/stop").status()).isEqualTo(200);

    String metrics =
        AdminApi.withAuthorization(app.managementUrl(), null).get("/actuator/prometheus").body();

    assertThat(metrics.lines())
        .anyMatch(
            line ->
                line.startsWith("polling_stopresume_actions_total{")
                    && line.contains("action=\"stop\"")
                    && line.contains("trigger=\"operator\"")
                    && line.contains("result=\"success\""));
  }
}
