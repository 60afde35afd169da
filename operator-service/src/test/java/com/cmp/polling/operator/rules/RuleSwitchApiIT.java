package com.cmp.polling.operator.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.stopresume.Evaluation;
import com.cmp.polling.stopresume.Evaluation.Outcome;
import com.cmp.polling.stopresume.RulePreview;
import com.cmp.polling.stopresume.StopResumeService;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The rule switches through the admin API of a running scheduler: set, listed, audited, refused
 * when the input is wrong, and a change made through one instance reaching another instance's
 * StopResumeService without a restart.
 */
class RuleSwitchApiIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static OperatorTestApp app;
  static RulesApi api;

  @BeforeAll
  static void start() {
    app = OperatorTestApp.start(postgres, redis, kafka, Map.of());
    api = new RulesApi(app.baseUrl(), OperatorTestApp.TOKEN);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void noSwitchesNoAudit() {
    postgres.jdbc().sql("DELETE FROM tb_rule_switch WHERE carrier_id IS NOT NULL").update();
    postgres
        .jdbc()
        .sql(
            "UPDATE tb_rule_switch SET enforce_not_realname = TRUE, not_realname_grace_until = NULL"
                + " WHERE carrier_id IS NULL")
        .update();
    postgres.jdbc().sql("DELETE FROM tb_rule_switch_audit").update();
  }

  @Test
  void switches_areSetPerCarrierAndByDefault_listed_removed_andEveryChangeIsAudited() {
    JsonNode initial = api.get("/api/admin/rules/switches").json();
    assertThat(initial.path("defaults").path("enforceNotRealname").asBoolean()).isTrue();
    assertThat(initial.path("carriers").size()).isZero();

    RulesApi.Reply carrier =
        api.put(
            "/api/admin/rules/switches/3",
            "{\"enforceNotRealname\": false, \"notRealnameGraceUntil\": null, \"actor\": \"alice\"}");
    RulesApi.Reply defaults =
        api.put(
            "/api/admin/rules/switches/default",
            "{\"enforceNotRealname\": true, \"notRealnameGraceUntil\": \"2027-01-01\","
                + " \"actor\": \"bob\"}");

    assertThat(carrier.status()).isEqualTo(200);
    assertThat(carrier.json().path("scope").asString()).isEqualTo("carrier");
    assertThat(carrier.json().path("carrierId").asLong()).isEqualTo(3);
    assertThat(carrier.json().path("before").isNull()).isTrue();
    assertThat(carrier.json().path("after").path("enforceNotRealname").asBoolean()).isFalse();
    assertThat(defaults.status()).isEqualTo(200);
    assertThat(defaults.json().path("before").path("enforceNotRealname").asBoolean()).isTrue();
    assertThat(defaults.json().path("after").path("notRealnameGraceUntil").asString())
        .isEqualTo("2027-01-01T00:00:00Z");
    JsonNode listed = api.get("/api/admin/rules/switches").json();
    assertThat(listed.path("defaults").path("notRealnameGraceUntil").asString())
        .isEqualTo("2027-01-01T00:00:00Z");
    assertThat(listed.path("defaults").path("updatedBy").asString()).isEqualTo("bob");
    assertThat(listed.path("carriers").size()).isEqualTo(1);
    assertThat(listed.path("carriers").get(0).path("carrierId").asLong()).isEqualTo(3);
    assertThat(listed.path("carriers").get(0).path("enforceNotRealname").asBoolean()).isFalse();

    RulesApi.Reply removed = api.delete("/api/admin/rules/switches/3?actor=carol");
    assertThat(removed.status()).isEqualTo(200);
    assertThat(removed.json().path("after").isNull()).isTrue();
    assertThat(api.delete("/api/admin/rules/switches/3?actor=carol").status()).isEqualTo(404);

    JsonNode newest = api.get("/api/admin/rules/switches/audit?limit=2").json();
    assertThat(newest.path("changes").size()).isEqualTo(2);
    assertThat(newest.path("changes").get(0).path("actor").asString()).isEqualTo("carol");
    assertThat(newest.path("changes").get(1).path("actor").asString()).isEqualTo("bob");
    long cursor = newest.path("nextBeforeId").asLong();
    JsonNode older = api.get("/api/admin/rules/switches/audit?limit=2&beforeId=" + cursor).json();
    assertThat(older.path("changes").size()).isEqualTo(1);
    assertThat(older.path("changes").get(0).path("actor").asString()).isEqualTo("alice");
    assertThat(older.path("changes").get(0).path("changedAt").asString()).isNotBlank();
    assertThat(older.path("nextBeforeId").isNull()).isTrue();
    assertThat(auditRows()).isEqualTo(3);
  }

  @Test
  void badInput_isRefusedWith400_namingWhatIsWrong_andWritesNothing() {
    String path = "/api/admin/rules/switches/3";

    RulesApi.Reply unknownField =
        api.put(path, "{\"enforceNotRealname\": false, \"actor\": \"a\", \"graceUntil\": null}");
    RulesApi.Reply badDate =
        api.put(
            path,
            "{\"enforceNotRealname\": true, \"notRealnameGraceUntil\": \"31/12/2026\","
                + " \"actor\": \"a\"}");
    RulesApi.Reply notBoolean = api.put(path, "{\"enforceNotRealname\": 0, \"actor\": \"a\"}");
    RulesApi.Reply noActor = api.put(path, "{\"enforceNotRealname\": false}");
    RulesApi.Reply notJson = api.put(path, "enforce=false");
    RulesApi.Reply badScope =
        api.put("/api/admin/rules/switches/carrier-3", "{\"enforceNotRealname\": false}");
    RulesApi.Reply zeroScope =
        api.put("/api/admin/rules/switches/0", "{\"enforceNotRealname\": false, \"actor\": \"a\"}");
    RulesApi.Reply removeDefault = api.delete("/api/admin/rules/switches/default?actor=a");
    RulesApi.Reply removeWithoutActor = api.delete("/api/admin/rules/switches/3");
    RulesApi.Reply badLimit = api.get("/api/admin/rules/switches/audit?limit=0");

    assertThat(unknownField.status()).isEqualTo(400);
    assertThat(unknownField.message()).contains("unknown field(s) [graceUntil]");
    assertThat(badDate.status()).isEqualTo(400);
    assertThat(badDate.message()).contains("notRealnameGraceUntil").contains("31/12/2026");
    assertThat(notBoolean.status()).isEqualTo(400);
    assertThat(notBoolean.message()).contains("enforceNotRealname must be true or false");
    assertThat(noActor.status()).isEqualTo(400);
    assertThat(noActor.message()).contains("actor");
    assertThat(notJson.status()).isEqualTo(400);
    assertThat(badScope.status()).isEqualTo(400);
    assertThat(badScope.message()).contains("'default' or a carrier id");
    assertThat(zeroScope.status()).isEqualTo(400);
    assertThat(removeDefault.status()).isEqualTo(400);
    assertThat(removeWithoutActor.status()).isEqualTo(400);
    assertThat(badLimit.status()).isEqualTo(400);
    assertThat(auditRows()).isZero();
    assertThat(api.get("/api/admin/rules/switches").json().path("carriers").size()).isZero();
  }

  @Test
  void withoutTheToken_theSwitchesAreNeitherReadNorChanged() {
    RulesApi anonymous = new RulesApi(app.baseUrl(), null);

    assertThat(anonymous.get("/api/admin/rules/switches").status()).isEqualTo(401);
    assertThat(
            anonymous
                .put(
                    "/api/admin/rules/switches/3",
                    "{\"enforceNotRealname\": false, \"actor\": \"mallory\"}")
                .status())
        .isEqualTo(401);
    assertThat(auditRows()).isZero();
  }

  @Test
  void aChangeThroughOneInstance_reachesAnotherInstancesStopResumeService_withoutARestart() {
    long card = postgres.data().card().carrier(7, "C7").unverified().insert();
    postgres.data().packageOfCard(card).status(1).insert();
    // Reloads on its own only every hour: within the test only the announcement can reach it.
    try (OperatorTestApp other =
        OperatorTestApp.start(
            postgres, redis, kafka, Map.of("cmp.polling.rules.switch-refresh-interval", "1h"))) {
      RulePreview otherPreview = other.bean(RulePreview.class);
      StopResumeService otherService = other.bean(StopResumeService.class);
      assertThat(otherPreview.outlook(card).exempted()).isEmpty();

      api.put(
          "/api/admin/rules/switches/7", "{\"enforceNotRealname\": false, \"actor\": \"alice\"}");

      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> !otherPreview.outlook(card).exempted().isEmpty());
      Evaluation spared = otherService.evaluateAndAct(card);
      assertThat(spared.outcome()).isEqualTo(Outcome.NO_ACTION);
      assertThat(other.simulator().control().totalCalls()).isZero();

      api.put(
          "/api/admin/rules/switches/7", "{\"enforceNotRealname\": true, \"actor\": \"alice\"}");

      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> otherPreview.outlook(card).exempted().isEmpty());
      assertThat(otherService.evaluateAndAct(card).outcome()).isEqualTo(Outcome.STOPPED);
      assertThat(other.simulator().control().totalCalls()).isEqualTo(1);
    }
  }

  private static long auditRows() {
    return postgres
        .jdbc()
        .sql("SELECT count(*) FROM tb_rule_switch_audit")
        .query(Long.class)
        .single();
  }
}
