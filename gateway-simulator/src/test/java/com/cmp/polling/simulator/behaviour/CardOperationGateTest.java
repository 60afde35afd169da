package com.cmp.polling.simulator.behaviour;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.cmp.polling.simulator.calls.CallCounter;
import com.cmp.polling.simulator.calls.CardOperation;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class CardOperationGateTest {

  private static final String ICCID = "8986001";

  /** nextDouble() of 0 and of just under 1: fails at any error rate, or only at 1.0. */
  private static final RandomGenerator LOWEST = () -> 0L;

  private static final RandomGenerator HIGHEST = () -> -1L;

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T10:00:00Z"));
  private final CallCounter calls = new CallCounter();
  private final BehaviourSettings settings = new BehaviourSettings();
  private final PendingFailures failures = new PendingFailures();
  private final AccountLimits accounts = new AccountLimits(clock);

  @Test
  void admittedOperation_isCounted() {
    gate(HIGHEST).admit(1, ICCID, CardOperation.STOP);

    assertThat(calls.forCard(ICCID)).isEqualTo(Map.of("stop", 1));
    assertThat(calls.report().total()).isEqualTo(1);
  }

  @Test
  void overTheLimit_is429WithRetryAfter_countedAsCallAndAsRateLimited() {
    settings.replace(Behaviour.none().withRateLimit(1, 1));
    CardOperationGate gate = gate(HIGHEST);
    gate.admit(1, ICCID, CardOperation.USAGE);

    Rejection rejection = rejection(gate, 1, CardOperation.USAGE);

    assertThat(rejection.status()).isEqualTo(429);
    assertThat(rejection.error()).isEqualTo("rate_limited");
    assertThat(rejection.retryAfterSeconds()).hasValue(1);
    assertThat(calls.forCard(ICCID)).isEqualTo(Map.of("usage", 2));
    assertThat(calls.report().rateLimited()).isEqualTo(1);
  }

  @Test
  void limitOfOneCarrier_doesNotTouchAnother() {
    settings.replace(Behaviour.none().withRateLimit(1, 1));
    CardOperationGate gate = gate(HIGHEST);
    gate.admit(1, ICCID, CardOperation.USAGE);

    assertThatCode(() -> gate.admit(2, ICCID, CardOperation.USAGE)).doesNotThrowAnyException();
  }

  @Test
  void rateLimitedOperation_doesNotUseUpAPendingFailure() {
    settings.replace(Behaviour.none().withRateLimit(1, 1));
    failures.arm(ICCID, 1, 502);
    CardOperationGate gate = gate(HIGHEST);
    gate.admit(1, "another", CardOperation.USAGE);

    assertThat(rejection(gate, 1, CardOperation.USAGE).status()).isEqualTo(429);
    assertThat(failures.take(ICCID)).hasValue(502);
  }

  @Test
  void pendingFailure_answersItsStatus_beforeTheErrorRateIsRolled() {
    settings.replace(Behaviour.none().withErrorRate(1.0));
    failures.arm(ICCID, 1, 404);

    Rejection rejection = rejection(gate(LOWEST), 1, CardOperation.REAL_NAME);

    assertThat(rejection.status()).isEqualTo(404);
    assertThat(rejection.error()).isEqualTo("simulated_failure");
    assertThat(rejection.retryAfterSeconds()).isEmpty();
  }

  @Test
  void pendingFailureOf429_carriesRetryAfter_andCountsAsRateLimited() {
    failures.arm(ICCID, 1, 429);

    Rejection rejection = rejection(gate(HIGHEST), 1, CardOperation.REAL_NAME);

    assertThat(rejection.retryAfterSeconds()).hasValue(1);
    assertThat(calls.report().rateLimited()).isEqualTo(1);
  }

  @Test
  void errorRateOne_fails503_evenOnTheHighestDraw() {
    settings.replace(Behaviour.none().withErrorRate(1.0));

    Rejection rejection = rejection(gate(HIGHEST), 1, CardOperation.START);

    assertThat(rejection.status()).isEqualTo(503);
    assertThat(rejection.error()).isEqualTo("simulated_error");
    assertThat(calls.forCard(ICCID)).isEqualTo(Map.of("start", 1));
  }

  @Test
  void errorRate_failsOnlyDrawsBelowIt() {
    settings.replace(Behaviour.none().withErrorRate(0.5));

    assertThat(rejection(gate(LOWEST), 1, CardOperation.START).status()).isEqualTo(503);
    assertThatCode(() -> gate(HIGHEST).admit(1, ICCID, CardOperation.START))
        .doesNotThrowAnyException();
  }

  @Test
  void errorRateZero_neverFails_evenOnTheLowestDraw() {
    assertThatCode(() -> gate(LOWEST).admit(1, ICCID, CardOperation.START))
        .doesNotThrowAnyException();
  }

  @Test
  void batchCall_takesOneCallOfItsAccount_andLeavesItsCardsPendingFailuresForTheAnswer() {
    settings.replace(Behaviour.none().withAccount("acct-a", new Account(List.of(1L, 2L), 2, null)));
    failures.arm("8986002", 1, 503);
    CardOperationGate gate = gate(HIGHEST);

    gate.admitBatch(1, List.of("8986001", "8986002", "8986003"), CardOperation.USAGE);
    gate.admit(2, ICCID, CardOperation.USAGE);
    Rejection third =
        catchThrowableOfType(
            Rejection.class, () -> gate.admitBatch(2, List.of(ICCID), CardOperation.USAGE));

    assertThat(third.status()).isEqualTo(429);
    assertThat(third.error()).isEqualTo("rate_limited");
    assertThat(third.getMessage()).contains("account acct-a allows 2 calls per second");
    assertThat(failures.take("8986002")).as("left for the batch answer").hasValue(503);
    assertThat(calls.summary().byAccount().get("acct-a").calls()).isEqualTo(3);
    assertThat(calls.summary().byAccount().get("acct-a").rateLimited()).isEqualTo(1);
    assertThat(calls.summary().byOperation().get("usage").cardsInBatchCalls()).isEqualTo(4);
  }

  @Test
  void accountOverItsDailyQuota_is429QuotaExceeded_untilMidnight() {
    settings.replace(Behaviour.none().withAccount("acct-a", new Account(List.of(1L), null, 1L)));
    CardOperationGate gate = gate(HIGHEST);
    gate.admit(1, ICCID, CardOperation.USAGE);

    Rejection refused = rejection(gate, 1, CardOperation.USAGE);

    assertThat(refused.status()).isEqualTo(429);
    assertThat(refused.error()).isEqualTo("quota_exceeded");
    // 10:00 UTC: 14 hours to the next day.
    assertThat(refused.retryAfterSeconds()).hasValue(14 * 3600);
    assertThat(calls.summary().quotaRefused()).isEqualTo(1);
    assertThat(calls.summary().rateLimited()).isZero();
  }

  private CardOperationGate gate(RandomGenerator random) {
    return new CardOperationGate(
        calls, settings, new RateLimiter(clock), accounts, failures, random);
  }

  private static Rejection rejection(
      CardOperationGate gate, long carrierId, CardOperation operation) {
    Rejection rejection =
        catchThrowableOfType(Rejection.class, () -> gate.admit(carrierId, ICCID, operation));
    assertThat(rejection).as("%s should have been rejected", operation).isNotNull();
    return rejection;
  }
}
