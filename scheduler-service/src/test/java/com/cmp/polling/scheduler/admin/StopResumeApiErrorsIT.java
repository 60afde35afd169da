package com.cmp.polling.scheduler.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Operators' stop and resume that fail: 400, 404, 409 busy card, 502 carrier refusal. */
class StopResumeApiErrorsIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static SchedulerTestApp app;
  static AdminApi api;
  static SimulatorControl carrier;

  @BeforeAll
  static void start() {
    app =
        SchedulerTestApp.start(
            postgres, redis, kafka, Map.of("cmp.polling.stop-resume.operator-lock-wait", "300ms"));
    api = AdminApi.withToken(app.baseUrl(), SchedulerTestApp.TOKEN);
    carrier = app.simulator().control();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void unknownCard_is404_andTheCarrierIsNotCalled() {
    long callsBefore = carrier.totalCalls();

    AdminApi.Reply reply = api.post("/api/admin/cards/555555/stop");

    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.message()).isEqualTo("card 555555 does not exist (or is deleted)");
    assertThat(carrier.totalCalls()).isEqualTo(callsBefore);
  }

  @Test
  void negativeProtectionPeriod_is400_andTheCarrierIsNotCalled() {
    String iccid = "89860000000000078001";
    long card = postgres.data().card().iccid(iccid).insert();

    AdminApi.Reply reply =
        api.post("/api/admin/cards/" + card + "/resume", "{\"protectForSeconds\": -5}");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.message()).isEqualTo("protectForSeconds must be 0 or more, was -5");
    assertThat(carrier.calls(iccid)).isEmpty();
  }

  @Test
  void protectionPeriodThatIsNotANumber_is400() {
    long card = postgres.data().card().insert();

    AdminApi.Reply reply =
        api.post("/api/admin/cards/" + card + "/stop", "{\"protectForSeconds\": \"an hour\"}");

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.message()).startsWith("request body is not valid: ");
  }

  @Test
  void carrierRefusal_is502_withItsMessage_andTheRowIsUnchanged() {
    String iccid = "89860000000000078002";
    long card = postgres.data().card().iccid(iccid).insert();
    carrier.failNext(iccid, 1, 400);

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card + "/stop");

    assertThat(reply.status()).isEqualTo(502);
    assertThat(reply.error()).isEqualTo("bad_gateway");
    assertThat(reply.message())
        .startsWith("stop card " + card + " (manual) failed after 1 attempt(s): ");
    assertThat(CardRows.network(postgres, card)).containsEntry("network_status", 1);
  }

  @Test
  void cardLockedByAnotherAction_is409_andTheCarrierIsNotCalled() {
    String iccid = "89860000000000078003";
    long card = postgres.data().card().iccid(iccid).insert();
    redis
        .template()
        .opsForValue()
        .set(RedisKeys.cardOperationLock(card), "someone-else", Duration.ofMinutes(1));

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card + "/stop");

    assertThat(reply.status()).isEqualTo(409);
    assertThat(reply.error()).isEqualTo("conflict");
    assertThat(reply.message()).startsWith("card " + card + " is busy: ");
    assertThat(carrier.calls(iccid)).isEmpty();
  }
}
