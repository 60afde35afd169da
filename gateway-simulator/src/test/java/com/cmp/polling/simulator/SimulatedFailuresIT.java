package com.cmp.polling.simulator;

import static com.cmp.polling.simulator.calls.CardOperation.NETWORK_STATUS;
import static com.cmp.polling.simulator.calls.CardOperation.REAL_NAME;
import static com.cmp.polling.simulator.calls.CardOperation.STOP;
import static com.cmp.polling.simulator.calls.CardOperation.USAGE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.skyscreamer.jsonassert.JSONCompareMode.STRICT;

import com.cmp.polling.simulator.RawHttp.Answer;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.calls.CardOperation;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.springframework.http.HttpHeaders;

/** fail-next, the error rate and the rate limit, over HTTP. */
class SimulatedFailuresIT {

  private static final String ICCID = "89860012345678901234";

  private static RunningSimulator simulator;
  private static RawHttp http;
  private static SimulatorControl control;

  @BeforeAll
  static void start() {
    simulator = GatewaySimulator.start();
    http = new RawHttp(simulator.baseUrl());
    control = simulator.control();
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  @BeforeEach
  void reset() {
    control.reset();
  }

  @Test
  void failNext_failsTheNextOperationsOfTheIccid_withTheStatus_thenSucceeds() {
    control.failNext(ICCID, 2, 503);

    Answer first = http.card(1, ICCID, STOP);
    Answer second = http.card(1, ICCID, REAL_NAME);
    Answer third = http.card(1, ICCID, REAL_NAME);

    assertThat(first.status()).isEqualTo(503);
    assertThat(first.isJson()).isTrue();
    assertThat(first.json()).containsOnlyKeys("error", "message");
    assertThat(second.status()).isEqualTo(503);
    assertThat(third.status()).isEqualTo(200);
    assertThat(control.card(ICCID).online()).as("the failed stop changed nothing").isTrue();
  }

  @Test
  void failNext_leavesOtherIccidsAlone() {
    control.failNext(ICCID, 1, 503);

    assertThat(http.card(1, "89860000000000000000", USAGE).status()).isEqualTo(200);
    assertThat(http.card(1, ICCID, USAGE).status()).isEqualTo(503);
  }

  @Test
  void failNext_withoutStatus_answers503() throws Exception {
    Answer armed = http.postJson("/sim/cards/{iccid}/fail-next", "{\"count\": 1}", ICCID);

    JSONAssert.assertEquals(
        "{\"iccid\": \"" + ICCID + "\", \"count\": 1, \"status\": 503}", armed.body(), STRICT);
    assertThat(http.card(1, ICCID, NETWORK_STATUS).status()).isEqualTo(503);
  }

  @Test
  void failNext_answersAnyErrorStatusAsked() {
    control.failNext(ICCID, 1, 404);
    control.failNext("89860000000000000000", 1, 500);

    assertThat(http.card(1, ICCID, REAL_NAME).status()).isEqualTo(404);
    assertThat(http.card(1, "89860000000000000000", REAL_NAME).status()).isEqualTo(500);
  }

  @Test
  void failNext_withoutCount_orWithASuccessStatus_isABadRequest() {
    Answer noCount = http.postJson("/sim/cards/{iccid}/fail-next", "{\"status\": 503}", ICCID);
    Answer success =
        http.postJson("/sim/cards/{iccid}/fail-next", "{\"count\": 1, \"status\": 200}", ICCID);

    assertThat(noCount.status()).isEqualTo(400);
    assertThat(noCount.json()).containsKeys("error", "message");
    assertThat(success.status()).isEqualTo(400);
    assertThat(success.json()).containsEntry("error", "invalid_request");
    assertThat(http.card(1, ICCID, REAL_NAME).status()).isEqualTo(200);
  }

  @Test
  void errorRateOne_answersEveryCardOperation503_withTheErrorBody() {
    control.configure(Behaviour.none().withErrorRate(1.0));

    for (int round = 0; round < 4; round++) {
      for (CardOperation operation : CardOperation.values()) {
        Answer answer = http.card(1, ICCID, operation);

        assertThat(answer.status()).as(operation.wireName()).isEqualTo(503);
        assertThat(answer.json()).containsOnlyKeys("error", "message");
      }
    }
    assertThat(control.card(ICCID).online()).as("no stop went through").isTrue();
    assertThat(control.totalCalls()).isEqualTo(4L * CardOperation.values().length);
  }

  @Test
  void rateLimit_answers429WithRetryAfter_andCountsIt() {
    control.configure(Behaviour.none().withRateLimit(7, 2));

    List<Answer> answers = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      answers.add(http.card(7, ICCID, REAL_NAME));
    }

    assertThat(answers.subList(0, 2)).allSatisfy(a -> assertThat(a.status()).isEqualTo(200));
    List<Answer> limited = answers.stream().filter(a -> a.status() == 429).toList();
    assertThat(limited).isNotEmpty();
    assertThat(limited)
        .allSatisfy(
            a -> {
              assertThat(Integer.parseInt(a.headers().getFirst(HttpHeaders.RETRY_AFTER)))
                  .isPositive();
              assertThat(a.json()).containsEntry("error", "rate_limited");
            });
    assertThat(answers).allSatisfy(a -> assertThat(a.status()).isIn(200, 429));
    assertThat(control.rateLimited()).isEqualTo(limited.size());
    assertThat(control.calls(ICCID)).isEqualTo(Map.of("real-name", 10));
  }

  @Test
  void rateLimitOfOneCarrier_leavesOtherCarriersUnlimited() {
    control.configure(Behaviour.none().withRateLimit(7, 1));

    for (int i = 0; i < 20; i++) {
      assertThat(http.card(8, ICCID, USAGE).status()).isEqualTo(200);
    }
    assertThat(control.rateLimited()).isZero();
  }

  @Test
  void partialConfig_takesTheDefaultsForAbsentFields() throws Exception {
    control.configure(Behaviour.none().withLatencyMs(20).withRateLimit(1, 5));

    Answer answer = http.putJson("/sim/config", "{\"errorRate\": 0.5}");

    assertThat(answer.status()).isEqualTo(200);
    JSONAssert.assertEquals(
        "{\"latencyMs\": 0, \"errorRate\": 0.5, \"rateLimitPerSecond\": {},"
            + " \"usageGrowthMbPerQuery\": 0, \"trickleMsPerByte\": 0, \"batchSizes\": {},"
            + " \"accounts\": {}}",
        http.get("/sim/config").body(),
        STRICT);
  }

  @Test
  void configure_roundTripsThroughTheControlClient() {
    Behaviour behaviour = new Behaviour(15, 0.25, Map.of(1L, 50, 2L, 10), new BigDecimal("0.5"), 3);

    control.configure(behaviour);

    assertThat(control.behaviour()).isEqualTo(behaviour);
    assertThat(http.get("/sim/config").json())
        .containsEntry("rateLimitPerSecond", Map.of("1", 50, "2", 10));
  }

  @Test
  void outOfRangeConfig_isABadRequest_andKeepsTheBehaviour() {
    control.configure(Behaviour.none().withLatencyMs(5));

    Answer answer = http.putJson("/sim/config", "{\"errorRate\": 1.5}");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json()).containsEntry("error", "invalid_request");
    assertThat(control.behaviour()).isEqualTo(Behaviour.none().withLatencyMs(5));
  }
}
