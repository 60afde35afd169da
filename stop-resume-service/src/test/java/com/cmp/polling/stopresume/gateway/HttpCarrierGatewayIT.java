package com.cmp.polling.stopresume.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.simulator.state.CardState;
import com.cmp.polling.testsupport.net.Ports;
import com.cmp.polling.testsupport.time.SettableClock;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP adapter against the gateway simulator: answers, and every kind of failure. */
class HttpCarrierGatewayIT {

  static RunningSimulator simulator;
  static HttpCarrierGateway gateway;

  final CarrierCard card = new CarrierCard(1, "89860000000000009001", 1);

  @BeforeAll
  static void start() {
    // The simulator's month follows this clock, so the month set below stays "this month".
    simulator = GatewaySimulator.start(new SettableClock(Instant.parse("2026-11-15T08:00:00Z")));
    gateway = new HttpCarrierGateway(GatewaySettings.of(simulator.baseUrl()));
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  @BeforeEach
  void reset() {
    simulator.control().reset();
  }

  @Test
  void queries_returnWhatTheCarrierKnows() {
    simulator
        .control()
        .setCard(
            card.iccid(),
            new CardState(false, true, LocalDate.of(2026, 11, 1), new BigDecimal("321.5")));

    assertThat(gateway.isRealNameVerified(card)).isFalse();
    assertThat(gateway.isOnline(card)).isTrue();
    assertThat(gateway.monthToDateUsage(card))
        .isEqualTo(new MonthToDateUsage(LocalDate.of(2026, 11, 1), new BigDecimal("321.5")));
  }

  @Test
  void packageState_isWhatTheCarrierReports_activeForACardNeverSet() {
    assertThat(gateway.packageState(card)).contains(CarrierPackageState.ACTIVE);

    for (CarrierPackageState state : CarrierPackageState.values()) {
      simulator.control().setPackage(card.iccid(), state.code());
      assertThat(gateway.packageState(card)).contains(state);
    }
    assertThat(simulator.control().calls(card.iccid()))
        .containsEntry("package", 1 + CarrierPackageState.values().length);
  }

  @Test
  void packageState_ofAGatewayWithoutTheQuery_isEmpty_butAFailureIsAnError() {
    simulator.control().failNext(card.iccid(), 1, 501);
    assertThat(gateway.packageState(card)).isEmpty();
    simulator.control().failNext(card.iccid(), 1, 404);
    assertThat(gateway.packageState(card)).isEmpty();

    simulator.control().failNext(card.iccid(), 1, 503);
    assertThatThrownBy(() -> gateway.packageState(card))
        .isInstanceOf(GatewayUnavailableException.class)
        .hasMessageContaining("package of card 1");
    simulator.control().failNext(card.iccid(), 1, 409);
    assertThatThrownBy(() -> gateway.packageState(card))
        .isInstanceOf(CarrierRejectedException.class);
  }

  @Test
  void stopAndStart_changeTheCardAtTheCarrier() {
    gateway.stop(card);
    assertThat(gateway.isOnline(card)).isFalse();

    gateway.start(card);
    assertThat(gateway.isOnline(card)).isTrue();
    assertThat(simulator.control().calls(card.iccid()))
        .containsEntry("stop", 1)
        .containsEntry("start", 1)
        .containsEntry("network-status", 2);
  }

  @Test
  void carrierRefusal_isNotRetryable_andNamesTheCard() {
    simulator.control().failNext(card.iccid(), 1, 404);

    assertThatThrownBy(() -> gateway.stop(card))
        .isInstanceOf(CarrierRejectedException.class)
        .hasMessageContaining(
            "stop of card 1 (ICCID 89860000000000009001, carrier 1) failed: HTTP 404")
        .satisfies(e -> assertThat(((GatewayException) e).isRetryable()).isFalse());
  }

  @Test
  void serverErrorsAndRateLimits_areRetryable() {
    simulator.control().failNext(card.iccid(), 1, 503);
    assertThatThrownBy(() -> gateway.isOnline(card))
        .isInstanceOf(GatewayUnavailableException.class)
        .hasMessageContaining("HTTP 503");

    simulator.control().configure(Behaviour.none().withRateLimit(1L, 1));
    gateway.isOnline(card);
    assertThatThrownBy(() -> gateway.isOnline(card))
        .isInstanceOf(GatewayUnavailableException.class)
        .hasMessageContaining("HTTP 429");
  }

  @Test
  void slowGateway_timesOut_asRetryable() {
    simulator.control().configure(Behaviour.none().withLatencyMs(1_000));
    var impatient =
        new HttpCarrierGateway(
            new GatewaySettings(
                URI.create(simulator.baseUrl()),
                Duration.ofSeconds(1),
                Duration.ofMillis(200),
                Duration.ofSeconds(10)));

    assertThatThrownBy(() -> impatient.isRealNameVerified(card))
        .isInstanceOf(GatewayUnavailableException.class)
        .hasMessageContaining("unreachable or too slow");
  }

  @Test
  void tricklingGateway_isCutOffAtTheCallDeadline_asRetryable_thoughNoReadTimesOut() {
    // ~50 bytes, one every 200 ms: each read waits 200 ms (far below the 2 s read timeout), the
    // whole answer would take ~10 s.
    simulator.control().configure(Behaviour.none().withTrickleMsPerByte(200));
    try (var patient = gatewayWithDeadline(Duration.ofMillis(1_500))) {
      long started = System.nanoTime();

      assertThatThrownBy(() -> patient.isRealNameVerified(card))
          .isInstanceOf(GatewayUnavailableException.class)
          .hasMessageContaining("real-name of card 1")
          .hasMessageContaining("no complete answer within 1500 ms")
          .satisfies(e -> assertThat(((GatewayException) e).isRetryable()).isTrue());
      assertThat(Duration.ofNanos(System.nanoTime() - started))
          .as("cut off at the deadline, not after the whole trickle")
          .isLessThan(Duration.ofSeconds(5));
    }
  }

  @Test
  void aStopCutOffAtTheDeadline_isRetryable_andTheNextCallOnThePoolWorks() {
    simulator.control().configure(Behaviour.none().withTrickleMsPerByte(200));
    try (var patient = gatewayWithDeadline(Duration.ofMillis(800))) {
      assertThatThrownBy(() -> patient.stop(card))
          .isInstanceOf(GatewayUnavailableException.class)
          .hasMessageContaining("no complete answer within 800 ms");

      simulator.control().configure(Behaviour.none());
      assertThat(patient.isOnline(card)).as("the stop reached the carrier").isFalse();
    }
  }

  @Test
  void answersWithinTheDeadline_areNotCut_evenWhenTheyTrickle() {
    // ~45 bytes, 10 ms apart: about half a second, well within 5 s.
    simulator.control().configure(Behaviour.none().withTrickleMsPerByte(10));
    try (var patient = gatewayWithDeadline(Duration.ofSeconds(5))) {
      assertThat(patient.isRealNameVerified(card)).isTrue();
      assertThat(patient.isOnline(card)).isTrue();
    }
  }

  private HttpCarrierGateway gatewayWithDeadline(Duration deadline) {
    return new HttpCarrierGateway(
        new GatewaySettings(
            URI.create(simulator.baseUrl()),
            Duration.ofSeconds(1),
            Duration.ofSeconds(2),
            deadline));
  }

  @Test
  void unreachableGateway_isRetryable() {
    var nowhere = new HttpCarrierGateway(GatewaySettings.of("http://127.0.0.1:" + Ports.free()));

    assertThatThrownBy(() -> nowhere.stop(card))
        .isInstanceOf(GatewayUnavailableException.class)
        .satisfies(e -> assertThat(((GatewayException) e).isRetryable()).isTrue());
  }

  @Test
  void garbageAnswers_areClearErrors() {
    try (GarbageGatewayServer garbage = new GarbageGatewayServer()) {
      var broken = new HttpCarrierGateway(GatewaySettings.of(garbage.baseUrl()));

      assertThatThrownBy(() -> broken.stop(card))
          .isInstanceOf(GatewayResponseException.class)
          .hasMessageContaining("stop of card 1")
          .hasMessageContaining("not the documented JSON");
      assertThatThrownBy(() -> broken.monthToDateUsage(card))
          .isInstanceOf(GatewayResponseException.class);
      assertThatThrownBy(() -> broken.isRealNameVerified(card))
          .isInstanceOf(GatewayResponseException.class)
          .hasMessageContaining("lacks the expected field");
    }
  }

  @Test
  void aQueryLeftUnansweredOnAPooledConnection_isSentOnceMore_butAStopIsNot() throws Exception {
    try (ClosingGatewayServer closing = new ClosingGatewayServer();
        HttpCarrierGateway gateway =
            new HttpCarrierGateway(GatewaySettings.of(closing.baseUrl()))) {
      assertThat(gateway.isRealNameVerified(card)).isTrue();

      // Sent on the pooled connection, which closes unanswered: sent again on a new one.
      assertThat(gateway.isRealNameVerified(card)).isTrue();
      assertThat(closing.received()).isEqualTo(3);
      assertThat(closing.answered()).isEqualTo(2);

      // A stop may have been carried out: never repeated by the client, a retryable failure for
      // the caller (which reads the card's state before trying again).
      assertThatThrownBy(() -> gateway.stop(card)).isInstanceOf(GatewayUnavailableException.class);
      assertThat(closing.received()).isEqualTo(4);
      assertThat(closing.answered()).isEqualTo(2);
    }
  }
}
