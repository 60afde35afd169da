package com.cmp.polling.stopresume.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.calls.CallSummary.OperationCalls;
import com.cmp.polling.simulator.calls.CardOperation;
import com.cmp.polling.simulator.state.CardState;
import com.cmp.polling.testsupport.net.Ports;
import com.cmp.polling.testsupport.time.SettableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The HTTP adapter's forms for many cards against the gateway simulator: batch calls where a
 * carrier has them (carrier 1: 10 cards a query, 100 a stop or start), single calls where not
 * (carrier 2), and each kind of failure, per card and of a call as a whole.
 */
class HttpCarrierGatewayBatchIT {

  private static final LocalDate NOVEMBER = LocalDate.of(2026, 11, 1);

  static RunningSimulator simulator;
  static SimulatorControl control;
  static SimpleMeterRegistry meters = new SimpleMeterRegistry();
  static HttpCarrierGateway gateway;

  @BeforeAll
  static void start() {
    simulator = GatewaySimulator.start(new SettableClock(Instant.parse("2026-11-15T08:00:00Z")));
    control = simulator.control();
    gateway =
        new HttpCarrierGateway(
            GatewaySettings.of(simulator.baseUrl()).withBatchSizes(sizesOfCarrierOne()), meters);
  }

  @AfterAll
  static void stop() {
    gateway.close();
    simulator.close();
  }

  @BeforeEach
  void reset() {
    control.reset();
    control.configure(simulatorSizes(Behaviour.none()));
  }

  @Test
  void cardsOfTwoCarriers_areAskedInBatchesOfTenAtTheFirst_andOneByOneAtTheOther() {
    List<CarrierCard> cards = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      // Interleaved: the answers still come back in the order of the cards.
      cards.add(new CarrierCard(i, iccid(i), i % 4 == 3 && i < 28 ? 2 : 1));
    }
    control.setCard(iccid(5), CardState.usage(NOVEMBER, new BigDecimal("55.5")));
    var sizes = meters.get("polling.gateway.batch.size").tag("operation", "usage").summary();
    long callsBefore = sizes.count();
    double cardsBefore = sizes.totalAmount();

    List<CardOutcome<MonthToDateUsage>> usage = gateway.monthToDateUsageAll(cards);

    assertThat(usage).allSatisfy(outcome -> assertThat(outcome.succeeded()).isTrue());
    assertThat(usage.get(5).get().totalMb()).isEqualByComparingTo("55.5");
    assertThat(usage.get(6).get().totalMb()).isEqualByComparingTo("0");
    // 25 cards of carrier 1: 10, 10, 5; 7 of carrier 2: one call each.
    assertThat(control.callSummary().byOperation().get("usage"))
        .isEqualTo(new OperationCalls(10, 7, 3, 25, 32, 0, 0));
    assertThat(sizes.count() - callsBefore).isEqualTo(3);
    assertThat(sizes.totalAmount() - cardsBefore).isEqualTo(25);
  }

  @Test
  void aBatchAnswerFailingForThreeOfTenCards_failsThoseAsTheirSingleCallsWould() {
    List<CarrierCard> cards = cardsOfCarrierOne(10);
    control.failNext(cards.get(2).iccid(), 1, 404);
    control.failNext(cards.get(5).iccid(), 1, 503);
    control.failNext(cards.get(8).iccid(), 1, 429);
    control.setCard(cards.get(0).iccid(), CardState.verified(false));

    List<CardOutcome<Boolean>> verified = gateway.isRealNameVerifiedAll(cards);

    assertThat(verified.get(2).failure())
        .isInstanceOf(CarrierRejectedException.class)
        .hasMessageContaining("real-name of card 2")
        .hasMessageContaining("HTTP 404 simulated_failure");
    assertThat(verified.get(5).failure()).isInstanceOf(GatewayUnavailableException.class);
    assertThat(verified.get(8).failure())
        .isInstanceOf(GatewayUnavailableException.class)
        .hasMessageContaining("HTTP 429");
    assertThat(verified.get(0).get()).isFalse();
    assertThat(verified.stream().filter(CardOutcome::succeeded)).hasSize(7);
    assertThat(control.callSummary().byOperation().get("real-name").batchCalls()).isEqualTo(1);
  }

  @Test
  void aWholeCallRateLimited_failsEveryCardOfIt_retryably() {
    control.configure(simulatorSizes(Behaviour.none().withRateLimit(1, 1)));
    gateway.isOnline(new CarrierCard(99, "8986099", 1));

    List<CardOutcome<Boolean>> online = gateway.isOnlineAll(cardsOfCarrierOne(10));

    assertThat(online)
        .allSatisfy(
            outcome ->
                assertThat(outcome.failure())
                    .isInstanceOf(GatewayUnavailableException.class)
                    .hasMessageContaining("network-status of 10 cards of carrier 1")
                    .hasMessageContaining("HTTP 429"));
  }

  @Test
  void aWholeCallAnswered503_failsEveryCardOfIt_retryably() {
    control.configure(simulatorSizes(Behaviour.none().withErrorRate(1.0)));

    List<CardOutcome<MonthToDateUsage>> usage = gateway.monthToDateUsageAll(cardsOfCarrierOne(4));

    assertThat(usage)
        .allSatisfy(outcome -> assertThat(outcome.failure().isRetryable()).isTrue())
        .allSatisfy(outcome -> assertThat(outcome.failure()).hasMessageContaining("HTTP 503"));
  }

  @Test
  void aWholeCallRefused_refusesEveryCardOfIt() {
    // Our side believes in 10 cards a call, the carrier takes 5: 400 batch_too_large.
    control.configure(Behaviour.none().withBatchSize(1, CardOperation.USAGE, 5));

    List<CardOutcome<MonthToDateUsage>> usage = gateway.monthToDateUsageAll(cardsOfCarrierOne(8));

    assertThat(usage)
        .allSatisfy(
            outcome ->
                assertThat(outcome.failure())
                    .isInstanceOf(CarrierRejectedException.class)
                    .hasMessageContaining("HTTP 400")
                    .hasMessageContaining("batch_too_large"));
  }

  @Test
  void packageStates_inABatch_areEmptyWhereTheCarrierDoesNotOfferTheQuery() {
    List<CarrierCard> cards = cardsOfCarrierOne(3);
    control.setPackage(cards.get(0).iccid(), "exhausted");
    control.failNext(cards.get(1).iccid(), 1, 501);

    List<CardOutcome<Optional<CarrierPackageState>>> states = gateway.packageStateAll(cards);

    assertThat(states.get(0).get()).contains(CarrierPackageState.EXHAUSTED);
    assertThat(states.get(1).get()).isEmpty();
    assertThat(states.get(2).get()).contains(CarrierPackageState.ACTIVE);
  }

  @Test
  void stopsAndStarts_ofTwelveCards_areOneCallEach() {
    List<CarrierCard> cards = cardsOfCarrierOne(12);

    assertThat(gateway.stopAll(cards)).allSatisfy(o -> assertThat(o.succeeded()).isTrue());
    assertThat(control.card(cards.get(11).iccid()).online()).isFalse();
    assertThat(gateway.startAll(cards)).allSatisfy(o -> assertThat(o.succeeded()).isTrue());

    assertThat(control.card(cards.get(11).iccid()).online()).isTrue();
    assertThat(control.callSummary().byOperation().get("stop").batchCalls()).isEqualTo(1);
    assertThat(control.callSummary().byOperation().get("start").cardsInBatchCalls()).isEqualTo(12);
  }

  @Test
  void aBatchFormTheGatewayLacks_failsThatCallRetryably_thenItsCardsAreAskedOneCallEach() {
    // Configured here for carrier 3 (package included, whose 404 otherwise means "not offered"),
    // but the simulator has no batch form for it and answers 404 no_batch_form.
    BatchSizes promised =
        BatchSizes.NONE.with(3, CarrierOperation.USAGE, 10).with(3, CarrierOperation.PACKAGE, 10);
    try (var misconfigured =
        new HttpCarrierGateway(GatewaySettings.of(simulator.baseUrl()).withBatchSizes(promised))) {
      List<CarrierCard> cards = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        cards.add(new CarrierCard(i, iccid(i), 3));
      }

      assertThat(misconfigured.monthToDateUsageAll(cards))
          .allSatisfy(
              outcome -> assertThat(outcome.failure().isRetryable()).as("retried soon").isTrue());
      assertThat(misconfigured.packageStateAll(cards))
          .allSatisfy(outcome -> assertThat(outcome.failure().isRetryable()).isTrue());
      assertThat(misconfigured.batchSize(3, CarrierOperation.USAGE)).isEqualTo(1);
      assertThat(misconfigured.batchSize(3, CarrierOperation.PACKAGE)).isEqualTo(1);

      // The retry: one single call per card, each answered.
      assertThat(misconfigured.monthToDateUsageAll(cards))
          .allSatisfy(outcome -> assertThat(outcome.succeeded()).isTrue());
      assertThat(misconfigured.packageStateAll(cards))
          .allSatisfy(outcome -> assertThat(outcome.get()).contains(CarrierPackageState.ACTIVE));
      OperationCalls usage = control.callSummary().byOperation().get("usage");
      assertThat(usage.singleCalls()).isEqualTo(4);
      // The refused batch call is not counted: the simulator refuses it before any card.
      assertThat(usage.batchCalls()).isZero();
    }
  }

  @Test
  void aLoneCardOfACarrierWithBatches_isAskedWithTheSingleCall() {
    gateway.isRealNameVerifiedAll(cardsOfCarrierOne(1));

    assertThat(control.callSummary().byOperation().get("real-name").singleCalls()).isEqualTo(1);
  }

  @Test
  void aCardTheBatchAnswerLeavesOut_failsRetryably_theOthersKeepTheirAnswer() {
    try (var partial =
            new AnsweringServer(
                200, "{\"results\": [{\"iccid\": \"8986001\", \"verified\": false}]}");
        var gateway =
            new HttpCarrierGateway(
                GatewaySettings.of(partial.baseUrl()).withBatchSizes(sizesOfCarrierOne()))) {
      List<CarrierCard> cards =
          List.of(new CarrierCard(1, "8986001", 1), new CarrierCard(2, "8986002", 1));

      List<CardOutcome<Boolean>> verified = gateway.isRealNameVerifiedAll(cards);

      assertThat(verified.get(0).get()).isFalse();
      assertThat(verified.get(1).failure())
          .isInstanceOf(GatewayResponseException.class)
          .hasMessageContaining("real-name of card 2")
          .hasMessageContaining("no result for the card");
      assertThat(verified.get(1).failure().isRetryable()).isTrue();
      assertThat(partial.requests())
          .containsExactly(
              "POST /api/v1/carriers/1/batch/real-name {\"iccids\":[\"8986001\",\"8986002\"]}");
    }
  }

  @Test
  void anAnswerThatIsNotTheDocumentedJson_failsEveryCard_retryably() {
    try (var garbage = new AnsweringServer(200, "[1, 2");
        var gateway =
            new HttpCarrierGateway(
                GatewaySettings.of(garbage.baseUrl()).withBatchSizes(sizesOfCarrierOne()))) {
      assertThat(gateway.stopAll(cardsOfCarrierOne(3)))
          .allSatisfy(
              outcome ->
                  assertThat(outcome.failure())
                      .isInstanceOf(GatewayResponseException.class)
                      .hasMessageContaining("not the documented JSON"));
    }
  }

  @Test
  void anUnreachableGateway_failsEveryCard_retryably() {
    try (var nowhere =
        new HttpCarrierGateway(
            GatewaySettings.of("http://127.0.0.1:" + Ports.free())
                .withBatchSizes(sizesOfCarrierOne()))) {
      assertThat(nowhere.monthToDateUsageAll(cardsOfCarrierOne(5)))
          .allSatisfy(
              outcome ->
                  assertThat(outcome.failure()).isInstanceOf(GatewayUnavailableException.class));
    }
  }

  private static BatchSizes sizesOfCarrierOne() {
    BatchSizes sizes = BatchSizes.NONE;
    for (CarrierOperation operation : CarrierOperation.values()) {
      sizes = sizes.with(1, operation, operation.isQuery() ? 10 : 100);
    }
    return sizes;
  }

  private static Behaviour simulatorSizes(Behaviour behaviour) {
    Behaviour sized = behaviour;
    for (CardOperation operation : CardOperation.values()) {
      sized = sized.withBatchSize(1, operation, operation.changesState() ? 100 : 10);
    }
    return sized;
  }

  private static List<CarrierCard> cardsOfCarrierOne(int count) {
    List<CarrierCard> cards = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      cards.add(new CarrierCard(i, iccid(i), 1));
    }
    return cards;
  }

  private static String iccid(int i) {
    return "89860000000000" + (100000 + i);
  }
}
