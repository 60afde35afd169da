package com.cmp.polling.operator.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The dry run and a card's evaluation through the admin API of a running scheduler, on a small
 * fleet where carrier 2 does not enforce {@code not_realname}: the counts, the ids page by page,
 * what one card would get, and the refusals of bad parameters. Nothing is acted on.
 */
class DryRunApiIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static OperatorTestApp app;
  static RulesApi api;
  static long noPackage;
  static long unverified;
  static long stoppedPaid;
  static long spared;
  static long deviceCard;
  static long deviceSibling;
  static long notPolled;

  @BeforeAll
  static void start() {
    app = OperatorTestApp.start(postgres, redis, kafka, Map.of());
    api = new RulesApi(app.baseUrl(), OperatorTestApp.TOKEN);
    TestData data = postgres.data();
    noPackage = data.card().insert();
    unverified = withPackage(data, data.card().unverified().insert());
    stoppedPaid = withPackage(data, data.card().stopped("no_package").insert());
    spared = withPackage(data, data.card().carrier(2, "CUCC").unverified().insert());
    long device = data.device().insert();
    deviceCard = data.card().device(device).insert();
    deviceSibling = data.card().device(device).insert();
    notPolled = data.card().pollingDisabled().insert();
    assertThat(
            api.put(
                    "/api/admin/rules/switches/2",
                    "{\"enforceNotRealname\": false, \"actor\": \"test\"}")
                .status())
        .isEqualTo(200);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void dryRun_countsByActionReasonAndCarrier_withTheSwitchesInForce_andActsOnNothing() {
    RulesApi.Reply reply = api.get("/api/admin/rules/dry-run");

    assertThat(reply.status()).isEqualTo(200);
    JsonNode body = reply.json();
    assertThat(body.path("carrierId").isNull()).isTrue();
    assertThat(body.path("totals").path("stop").asLong()).isEqualTo(4);
    assertThat(body.path("totals").path("resume").asLong()).isEqualTo(1);
    assertThat(body.path("totals").path("exempt").asLong()).isEqualTo(1);
    assertThat(body.path("byReason").path("stop").path("no_package").asLong()).isEqualTo(3);
    assertThat(body.path("byReason").path("stop").path("not_realname").asLong()).isEqualTo(1);
    assertThat(body.path("byReason").path("resume").path("no_package").asLong()).isEqualTo(1);
    assertThat(body.path("byReason").path("exempt").path("not_realname").asLong()).isEqualTo(1);
    assertThat(body.path("stopsByReasonsHeld").path("no_package").asLong()).isEqualTo(3);
    assertThat(body.path("stopsByReasonsHeld").path("not_realname").asLong()).isEqualTo(1);
    assertThat(body.path("stopsByReasonsHeld").size()).isEqualTo(2);
    assertThat(body.path("byCarrier").size()).isEqualTo(2);
    JsonNode carrier2 = body.path("byCarrier").get(1);
    assertThat(carrier2.path("carrierId").asLong()).isEqualTo(2);
    assertThat(carrier2.path("counts").path("exempt").path("not_realname").asLong()).isEqualTo(1);
    assertThat(body.path("cardsEvaluated").asLong()).isEqualTo(6);
    assertThat(body.path("tookMillis").isNumber()).isTrue();
    assertThat(body.path("switches").path("carriers").get(0).path("enforceNotRealname").asBoolean())
        .isFalse();
    assertThat(body.path("switchedOffNotRealname").asString())
        .contains("resumed at its next check");
    assertThat(app.simulator().control().totalCalls()).isZero();
    assertThat(stopResumeLogRows()).isZero();
  }

  @Test
  void dryRunOfOneCarrier_countsOnlyItsCards() {
    JsonNode body = api.get("/api/admin/rules/dry-run?carrierId=2").json();

    assertThat(body.path("carrierId").asLong()).isEqualTo(2);
    assertThat(body.path("totals").path("stop").asLong()).isZero();
    assertThat(body.path("totals").path("exempt").asLong()).isEqualTo(1);
    assertThat(body.path("cardsEvaluated").asLong()).isEqualTo(1);
  }

  @Test
  void cardIds_comePageByPage_withTheNextCursor() {
    List<Long> ids = new ArrayList<>();
    JsonNode first = api.get("/api/admin/rules/dry-run/cards?action=stop&limit=2").json();
    first.path("cardIds").forEach(id -> ids.add(id.asLong()));
    long cursor = first.path("nextAfterId").asLong();
    JsonNode second =
        api.get("/api/admin/rules/dry-run/cards?action=stop&limit=2&afterId=" + cursor).json();
    second.path("cardIds").forEach(id -> ids.add(id.asLong()));
    JsonNode byReason =
        api.get("/api/admin/rules/dry-run/cards?action=stop&reason=not_realname").json();
    JsonNode exempt = api.get("/api/admin/rules/dry-run/cards?action=exempt&carrierId=2").json();
    JsonNode holding =
        api.get("/api/admin/rules/dry-run/cards?action=stop&holding=no_package").json();

    assertThat(ids).containsExactly(noPackage, unverified, deviceCard, deviceSibling);
    assertThat(cursor).isEqualTo(unverified);
    assertThat(byReason.path("cardIds").get(0).asLong()).isEqualTo(unverified);
    assertThat(byReason.path("cardIds").size()).isEqualTo(1);
    assertThat(byReason.path("nextAfterId").isNull()).isTrue();
    assertThat(exempt.path("cardIds").get(0).asLong()).isEqualTo(spared);
    assertThat(holding.path("cardIds").size()).isEqualTo(3);
    assertThat(holding.path("cardIds").get(0).asLong()).isEqualTo(noPackage);
  }

  @Test
  void badParameters_areRefusedWith400() {
    assertThat(api.get("/api/admin/rules/dry-run/cards").status()).isEqualTo(400);
    RulesApi.Reply unknownAction = api.get("/api/admin/rules/dry-run/cards?action=suspend");
    assertThat(unknownAction.status()).isEqualTo(400);
    assertThat(unknownAction.message()).contains("[stop, resume, exempt]");
    assertThat(api.get("/api/admin/rules/dry-run/cards?action=stop&reason=manual").status())
        .isEqualTo(400);
    assertThat(api.get("/api/admin/rules/dry-run/cards?action=stop&reason=unpaid").status())
        .isEqualTo(400);
    RulesApi.Reply badHolding =
        api.get("/api/admin/rules/dry-run/cards?action=stop&holding=manual");
    assertThat(badHolding.status()).isEqualTo(400);
    assertThat(badHolding.message()).startsWith("holding must be a reason the rules stop for");
    assertThat(api.get("/api/admin/rules/dry-run/cards?action=stop&limit=0").status())
        .isEqualTo(400);
    assertThat(api.get("/api/admin/rules/dry-run/cards?action=stop&limit=10001").status())
        .isEqualTo(400);
    assertThat(api.get("/api/admin/rules/dry-run/cards?action=stop&afterId=-1").status())
        .isEqualTo(400);
    assertThat(api.get("/api/admin/rules/dry-run?carrierId=x").status()).isEqualTo(400);
    assertThat(api.get("/api/admin/rules/dry-run?carrierId=0").status()).isEqualTo(400);
    assertThat(new RulesApi(app.baseUrl(), null).get("/api/admin/rules/dry-run").status())
        .isEqualTo(401);
  }

  @Test
  void evaluation_ofASparedCard_namesTheSwitch_andWouldDoNothing() {
    JsonNode body = api.get("/api/admin/cards/" + spared + "/evaluation").json();

    assertThat(body.path("polled").asBoolean()).isTrue();
    assertThat(body.path("protected").asBoolean()).isFalse();
    assertThat(body.path("reasonsHolding").size()).isZero();
    JsonNode exemption = body.path("reasonsExempted").get(0);
    assertThat(exemption.path("reason").asString()).isEqualTo("not_realname");
    assertThat(exemption.path("switchScope").asString()).isEqualTo("carrier");
    assertThat(exemption.path("kind").asString()).isEqualTo("not_enforced");
    assertThat(exemption.path("text").asString()).isEqualTo("not enforced for carrier 2");
    assertThat(body.path("wouldDo").path("action").asString()).isEqualTo("none");
  }

  @Test
  void evaluation_ofACardOfAnEmptyDevice_wouldStopTheDevicesOnlineCards_withoutDoingIt() {
    RulesApi.Reply reply = api.get("/api/admin/cards/" + deviceCard + "/evaluation");

    assertThat(reply.status()).isEqualTo(200);
    JsonNode wouldDo = reply.json().path("wouldDo");
    assertThat(wouldDo.path("action").asString()).isEqualTo("stop");
    assertThat(wouldDo.path("reason").asString()).isEqualTo("no_package");
    assertThat(wouldDo.path("reasons").size()).isEqualTo(1);
    assertThat(wouldDo.path("cardIds").size()).isEqualTo(2);
    assertThat(wouldDo.path("cardIds").get(1).asLong()).isEqualTo(deviceSibling);
    assertThat(reply.json().path("reasonsHolding").get(0).asString()).isEqualTo("no_package");
    assertThat(app.simulator().control().totalCalls()).isZero();
  }

  @Test
  void evaluation_ofAnUnpolledCard_saysWhy_andOfAnUnknownCard_is404() {
    JsonNode body = api.get("/api/admin/cards/" + notPolled + "/evaluation").json();

    assertThat(body.path("polled").asBoolean()).isFalse();
    assertThat(body.path("notPolledBecause").asString()).contains("polling is disabled on card");
    assertThat(api.get("/api/admin/cards/999999/evaluation").status()).isEqualTo(404);
  }

  private static long withPackage(TestData data, long card) {
    data.packageOfCard(card).status(1).insert();
    return card;
  }

  private static long stopResumeLogRows() {
    return postgres
        .jdbc()
        .sql("SELECT count(*) FROM tb_stop_resume_log")
        .query(Long.class)
        .single();
  }
}
