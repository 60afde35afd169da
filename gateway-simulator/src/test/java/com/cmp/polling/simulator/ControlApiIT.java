package com.cmp.polling.simulator;

import static com.cmp.polling.simulator.calls.CardOperation.NETWORK_STATUS;
import static com.cmp.polling.simulator.calls.CardOperation.REAL_NAME;
import static com.cmp.polling.simulator.calls.CardOperation.STOP;
import static com.cmp.polling.simulator.calls.CardOperation.USAGE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.skyscreamer.jsonassert.JSONCompareMode.STRICT;

import com.cmp.polling.simulator.RawHttp.Answer;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.calls.CallReport;
import com.cmp.polling.simulator.state.CardState;
import com.cmp.polling.testsupport.time.SettableClock;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;

/** The simulator's control API (/sim), over HTTP and through {@link SimulatorControl}. */
class ControlApiIT {

  private static final String ICCID = "89860012345678901234";
  private static final String OTHER = "89860000000000000000";
  private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");
  private static final LocalDate NOVEMBER = LocalDate.parse("2026-11-01");

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
  void health_isUp() throws Exception {
    Answer answer = http.get("/sim/health");

    assertThat(answer.status()).isEqualTo(200);
    JSONAssert.assertEquals("{\"status\": \"UP\"}", answer.body(), STRICT);
  }

  @Test
  void cardNeverSeen_hasTheDefaults() throws Exception {
    Answer answer = http.get("/sim/cards/{iccid}", ICCID);

    JSONAssert.assertEquals(
        "{\"verified\": true, \"online\": true, \"monthStart\": \"2026-11-01\", \"totalMb\": 0}",
        answer.body(),
        STRICT);
  }

  @Test
  void putCard_setsTheGivenFields_keepsTheOthers_andCardOperationsSeeThem() {
    http.putJson("/sim/cards/{iccid}", "{\"verified\": false, \"totalMb\": 100.0}", ICCID);
    Answer second = http.putJson("/sim/cards/{iccid}", "{\"online\": false}", ICCID);

    assertThat(second.status()).isEqualTo(200);
    assertThat(second.json())
        .isEqualTo(
            Map.of(
                "verified", false, "online", false, "monthStart", "2026-11-01", "totalMb", 100.0));
    assertThat(http.card(1, ICCID, REAL_NAME).json()).containsEntry("verified", false);
    assertThat(http.card(1, ICCID, NETWORK_STATUS).json()).containsEntry("online", false);
    assertThat(http.card(1, ICCID, USAGE).json()).containsEntry("totalMb", 100.0);
  }

  @Test
  void setCard_andCard_roundTripThroughTheControlClient() {
    CardState state = new CardState(false, false, NOVEMBER, new BigDecimal("12.5"));

    assertThat(control.setCard(ICCID, state)).isEqualTo(state);
    assertThat(control.card(ICCID)).isEqualTo(state);
    assertThat(control.card(OTHER).online()).isTrue();
  }

  @Test
  void card_inALaterMonth_readsAsTheNewMonthWithNothingUsed() {
    control.setCard(ICCID, new CardState(false, false, NOVEMBER, new BigDecimal("12.5")));

    clock.set(Instant.parse("2026-12-01T00:00:00Z"));

    assertThat(http.get("/sim/cards/{iccid}", ICCID).json())
        .isEqualTo(
            Map.of("verified", false, "online", false, "monthStart", "2026-12-01", "totalMb", 0));
  }

  @Test
  void putCard_withAnEarlierMonth_isAnsweredAsTheCurrentMonthWithNothingUsed() {
    Answer answer =
        http.putJson(
            "/sim/cards/{iccid}", "{\"monthStart\": \"2026-10-01\", \"totalMb\": 10}", ICCID);

    assertThat(answer.json()).containsEntry("monthStart", "2026-11-01").containsEntry("totalMb", 0);
    assertThat(control.card(ICCID).totalMb()).isEqualByComparingTo("0");
  }

  @Test
  void usageRate_growsTheMonthTotalOnTheClock_whileTheCardIsOnline_andResetForgetsIt() {
    control.setCard(ICCID, new CardState(true, true, NOVEMBER, new BigDecimal("100")));
    control.setUsageRate(ICCID, new BigDecimal("120"));

    clock.set(NOW.plusSeconds(90));
    assertThat(control.card(ICCID).totalMb()).isEqualByComparingTo("103");
    assertThat(http.get("/sim/cards/{iccid}/usage-rate", ICCID).json())
        .isEqualTo(Map.of("mbPerHour", 120));

    control.setCard(ICCID, CardState.online(false));
    clock.set(NOW.plusSeconds(600));
    assertThat(control.card(ICCID).totalMb()).isEqualByComparingTo("103");

    control.reset();
    control.setCard(ICCID, new CardState(true, true, NOVEMBER, BigDecimal.ONE));
    clock.set(NOW.plusSeconds(3600));
    assertThat(control.card(ICCID).totalMb()).isEqualByComparingTo("1");
  }

  @Test
  void usageRate_belowZero_isABadRequest() {
    Answer answer = http.putJson("/sim/cards/{iccid}/usage-rate", "{\"mbPerHour\": -1}", ICCID);

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().get("message").toString()).contains("mbPerHour must be 0 or more");
  }

  @Test
  void putCard_withBrokenJson_isABadRequest_withTheErrorBody() {
    Answer answer = http.putJson("/sim/cards/{iccid}", "{\"online\": ", ICCID);

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json()).containsOnlyKeys("error", "message");
  }

  @Test
  void calls_countEveryOperationPerCard_includingFailedOnes() throws Exception {
    control.failNext(ICCID, 1, 500);

    assertThat(http.card(1, ICCID, REAL_NAME).status()).isEqualTo(500);
    assertThat(http.card(1, ICCID, REAL_NAME).status()).isEqualTo(200);
    http.card(1, ICCID, USAGE);
    http.card(2, OTHER, STOP);

    assertThat(control.calls(ICCID)).isEqualTo(Map.of("real-name", 2, "usage", 1));
    assertThat(control.totalCalls()).isEqualTo(4);
    JSONAssert.assertEquals(
        "{\"total\": 4, \"rateLimited\": 0, \"byCard\": {"
            + "\""
            + ICCID
            + "\": {\"real-name\": 2, \"usage\": 1}, \""
            + OTHER
            + "\": {\"stop\": 1}}}",
        http.get("/sim/calls").body(),
        STRICT);
  }

  @Test
  void callSummary_countsPerOperation_theCardsCalledMoreThanOnce_withoutListingCards()
      throws Exception {
    http.card(1, ICCID, USAGE);
    http.card(1, ICCID, USAGE);
    http.card(1, OTHER, USAGE);
    http.card(2, OTHER, REAL_NAME);

    JSONAssert.assertEquals(
        "{\"total\": 4, \"rateLimited\": 0, \"quotaRefused\": 0, \"byOperation\": {"
            + "\"usage\": {\"calls\": 3, \"singleCalls\": 3, \"batchCalls\": 0,"
            + " \"cardsInBatchCalls\": 0, \"cards\": 2, \"cardsCalledMoreThanOnce\": 1,"
            + " \"repeatCalls\": 1},"
            + " \"real-name\": {\"calls\": 1, \"singleCalls\": 1, \"batchCalls\": 0,"
            + " \"cardsInBatchCalls\": 0, \"cards\": 1, \"cardsCalledMoreThanOnce\": 0,"
            + " \"repeatCalls\": 0}},"
            + " \"byAccount\": {}}",
        http.get("/sim/calls/summary").body(),
        STRICT);
    assertThat(control.callSummary().byOperation().get("usage").cardsCalledMoreThanOnce())
        .isEqualTo(1);
  }

  @Test
  void calls_ofACardNeverCalled_isEmpty() throws Exception {
    JSONAssert.assertEquals("{}", http.get("/sim/calls/{iccid}", ICCID).body(), STRICT);
    assertThat(control.calls(ICCID)).isEmpty();
  }

  @Test
  void reset_forgetsStatesCountsPendingFailuresAndBehaviour() {
    control.setCard(ICCID, new CardState(false, false, NOVEMBER, BigDecimal.TEN));
    control.configure(Behaviour.none().withLatencyMs(50).withRateLimit(1, 1));
    http.card(1, OTHER, REAL_NAME);
    http.card(1, OTHER, REAL_NAME);
    control.failNext(ICCID, 5, 503);

    Answer reset = http.post("/sim/reset");

    assertThat(reset.status()).isEqualTo(204);
    assertThat(control.card(ICCID)).isEqualTo(CardState.fresh(NOVEMBER));
    assertThat(control.calls()).isEqualTo(new CallReport(0, 0, Map.of()));
    assertThat(control.behaviour()).isEqualTo(Behaviour.none());
    assertThat(http.card(1, ICCID, REAL_NAME).status()).as("fail-next forgotten").isEqualTo(200);
  }
}
