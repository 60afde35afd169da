package com.cmp.polling.simulator;

import static com.cmp.polling.simulator.calls.CardOperation.NETWORK_STATUS;
import static com.cmp.polling.simulator.calls.CardOperation.PACKAGE;
import static com.cmp.polling.simulator.calls.CardOperation.REAL_NAME;
import static com.cmp.polling.simulator.calls.CardOperation.START;
import static com.cmp.polling.simulator.calls.CardOperation.STOP;
import static com.cmp.polling.simulator.calls.CardOperation.USAGE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.skyscreamer.jsonassert.JSONCompareMode.STRICT;

import com.cmp.polling.simulator.RawHttp.Answer;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.calls.CardOperation;
import com.cmp.polling.simulator.state.CardState;
import com.cmp.polling.testsupport.time.SettableClock;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;

/** The card operations of docs/gateway-api.md, over HTTP. */
class CardOperationsIT {

  private static final String ICCID = "89860012345678901234";
  private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

  /** The simulator's time: months are what the tests make them, not the wall clock's. */
  private static final SettableClock clock = new SettableClock(NOW);

  private static RunningSimulator simulator;
  private static RawHttp http;
  private static SimulatorControl control;

  @BeforeAll
  static void start() {
    simulator = GatewaySimulator.start(clock);
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
    clock.set(NOW);
  }

  @Test
  void realName_answersTheVerification_asDocumentedJson() throws Exception {
    Answer answer = http.card(1, ICCID, REAL_NAME);

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.isJson()).isTrue();
    JSONAssert.assertEquals(
        "{\"iccid\": \"" + ICCID + "\", \"verified\": true}", answer.body(), STRICT);
  }

  @Test
  void package_answersTheStateOfThePackageInUse_activeUntilSetOtherwise() throws Exception {
    Answer fresh = http.card(1, ICCID, PACKAGE);
    control.setPackage(ICCID, "expired");
    Answer expired = http.card(1, ICCID, PACKAGE);
    control.reset();

    assertThat(fresh.status()).isEqualTo(200);
    JSONAssert.assertEquals(
        "{\"iccid\": \"" + ICCID + "\", \"state\": \"active\"}", fresh.body(), STRICT);
    assertThat(expired.json()).containsEntry("state", "expired");
    assertThat(http.card(1, ICCID, PACKAGE).json()).containsEntry("state", "active");
    assertThat(control.calls(ICCID)).containsEntry("package", 1);
  }

  @Test
  void realName_reflectsTheCardsState() {
    control.setCard(ICCID, CardState.verified(false));

    assertThat(http.card(1, ICCID, REAL_NAME).json()).containsEntry("verified", false);
  }

  @Test
  void usage_answersTheMonthToDateTotal_ofTheCurrentMonth() throws Exception {
    Answer answer = http.card(1, ICCID, USAGE);

    assertThat(answer.status()).isEqualTo(200);
    JSONAssert.assertEquals(
        "{\"iccid\": \"" + ICCID + "\", \"monthStart\": \"2026-11-01\", \"totalMb\": 0}",
        answer.body(),
        STRICT);
  }

  @Test
  void usage_growsByTheConfiguredAmount_beforeEachAnswer() {
    control.setCard(ICCID, CardState.usage(LocalDate.parse("2026-11-01"), new BigDecimal("100.0")));
    control.configure(Behaviour.none().withUsageGrowthMbPerQuery(new BigDecimal("1.5")));

    assertThat(http.card(1, ICCID, USAGE).json()).containsEntry("totalMb", 101.5);
    assertThat(http.card(1, ICCID, USAGE).json())
        .containsEntry("totalMb", 103.0)
        .containsEntry("monthStart", "2026-11-01");
    assertThat(control.card(ICCID).totalMb()).isEqualByComparingTo("103.0");
  }

  @Test
  void usage_inALaterMonth_startsTheNewMonthFromZero_thenGrows() {
    control.setCard(ICCID, CardState.usage(LocalDate.parse("2026-11-01"), new BigDecimal("100.0")));
    control.configure(Behaviour.none().withUsageGrowthMbPerQuery(new BigDecimal("1.5")));

    clock.set(Instant.parse("2026-12-01T00:00:00Z"));

    assertThat(http.card(1, ICCID, USAGE).json())
        .containsEntry("monthStart", "2026-12-01")
        .containsEntry("totalMb", 1.5);
    assertThat(control.card(ICCID))
        .isEqualTo(new CardState(true, true, LocalDate.parse("2026-12-01"), new BigDecimal("1.5")));
  }

  @Test
  void networkStatus_isOnline_forACardNeverSeen() throws Exception {
    Answer answer = http.card(1, ICCID, NETWORK_STATUS);

    assertThat(answer.status()).isEqualTo(200);
    JSONAssert.assertEquals(
        "{\"iccid\": \"" + ICCID + "\", \"online\": true}", answer.body(), STRICT);
  }

  @Test
  void stop_setsTheCardOffline_andIsCounted() throws Exception {
    Answer stop = http.card(1, ICCID, STOP);

    assertThat(stop.status()).isEqualTo(200);
    JSONAssert.assertEquals(
        "{\"iccid\": \"" + ICCID + "\", \"online\": false}", stop.body(), STRICT);
    assertThat(http.card(1, ICCID, NETWORK_STATUS).json()).containsEntry("online", false);
    assertThat(control.card(ICCID).online()).isFalse();
    assertThat(control.calls(ICCID)).isEqualTo(Map.of("stop", 1, "network-status", 1));
  }

  @Test
  void start_bringsAStoppedCardBackOnline() throws Exception {
    control.setCard(ICCID, CardState.online(false));

    Answer start = http.card(1, ICCID, START);

    assertThat(start.status()).isEqualTo(200);
    JSONAssert.assertEquals(
        "{\"iccid\": \"" + ICCID + "\", \"online\": true}", start.body(), STRICT);
    assertThat(http.card(1, ICCID, NETWORK_STATUS).json()).containsEntry("online", true);
  }

  @Test
  void stoppingAStoppedCard_andStartingAnOnlineOne_succeed() {
    http.card(1, ICCID, STOP);

    assertThat(http.card(1, ICCID, STOP).json()).containsEntry("online", false);
    http.card(1, ICCID, START);
    assertThat(http.card(1, ICCID, START).json()).containsEntry("online", true);
  }

  @Test
  void latency_delaysEveryCardOperation() {
    control.configure(Behaviour.none().withLatencyMs(300));

    for (CardOperation operation : CardOperation.values()) {
      long started = System.nanoTime();
      Answer answer = http.card(1, ICCID, operation);
      Duration took = Duration.ofNanos(System.nanoTime() - started);

      assertThat(answer.status()).isEqualTo(200);
      assertThat(took).as(operation.wireName()).isGreaterThanOrEqualTo(Duration.ofMillis(300));
    }
  }

  /** The control API bypasses the gate that counts, limits, fails and delays card operations. */
  @Test
  void controlApi_isNotCountedFailedOrDelayedLikeCardOperations() {
    control.failNext(ICCID, 1, 503);
    control.configure(Behaviour.none().withLatencyMs(10_000));

    assertThat(control.card(ICCID).online()).isTrue();
    assertThat(control.calls(ICCID)).isEmpty();
    assertThat(http.get("/sim/health").status()).isEqualTo(200);

    control.configure(Behaviour.none());
    assertThat(http.card(1, ICCID, REAL_NAME).status())
        .as("the armed failure is still there for the card operation")
        .isEqualTo(503);
    assertThat(control.totalCalls()).isEqualTo(1);
  }

  @Test
  void nonNumericCarrierId_isABadRequest_withTheErrorBody() {
    Answer answer = http.get("/api/v1/carriers/{carrierId}/cards/{iccid}/real-name", "x", ICCID);

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json()).containsEntry("error", "bad_request").containsKey("message");
  }

  @Test
  void unknownPath_isNotFound_withTheErrorBody() {
    Answer answer = http.get("/api/v1/carriers/1/cards/{iccid}/balance", ICCID);

    assertThat(answer.status()).isEqualTo(404);
    assertThat(answer.json())
        .containsOnlyKeys("error", "message")
        .containsEntry("error", "not_found");
  }

  @Test
  void wrongMethod_isMethodNotAllowed_withTheErrorBody_andIsNotCounted() {
    Answer answer = http.get("/api/v1/carriers/1/cards/{iccid}/stop", ICCID);

    assertThat(answer.status()).isEqualTo(405);
    assertThat(answer.json()).containsEntry("error", "method_not_allowed");
    assertThat(control.totalCalls()).isZero();
  }
}
