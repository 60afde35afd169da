package com.cmp.polling.simulator.behaviour;

import com.cmp.polling.simulator.calls.CallCounter;
import com.cmp.polling.simulator.calls.CardOperation;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * What happens to a call before it is performed, in this order: it is counted; the carrier's rate
 * limit may answer 429; its account's calls per second may answer 429 ({@code rate_limited}), its
 * calls of the day 429 ({@code quota_exceeded}); for a single call, a pending fail-next of the
 * ICCID answers its status; the error rate answers 503 at random; the latency is slept in the
 * request thread. A batch call passes once, as one call: the fail-next of its cards is answered
 * card by card, inside its answer ({@link PendingFailures#take}).
 */
@Component
public class CardOperationGate {

  private static final Logger log = LoggerFactory.getLogger(CardOperationGate.class);

  private final CallCounter calls;
  private final BehaviourSettings settings;
  private final RateLimiter limiter;
  private final AccountLimits accounts;
  private final PendingFailures failures;
  private final RandomGenerator random;

  public CardOperationGate(
      CallCounter calls,
      BehaviourSettings settings,
      RateLimiter limiter,
      AccountLimits accounts,
      PendingFailures failures,
      RandomGenerator random) {
    this.calls = calls;
    this.settings = settings;
    this.limiter = limiter;
    this.accounts = accounts;
    this.failures = failures;
    this.random = random;
  }

  /**
   * Lets a single call through once the latency has passed.
   *
   * @throws Rejection when it is to be answered with an error instead
   */
  public void admit(long carrierId, String iccid, CardOperation operation) {
    calls.record(iccid, operation);
    Behaviour behaviour = settings.current();
    limit(carrierId, behaviour, operation.wireName() + " of ICCID " + iccid);
    OptionalInt failure = failures.take(iccid);
    if (failure.isPresent()) {
      if (failure.getAsInt() == 429) {
        calls.recordRateLimited(null);
      }
      log.debug(
          "{} of ICCID {}: fail-next answers {}", operation.wireName(), iccid, failure.getAsInt());
      throw Rejection.pendingFailure(iccid, failure.getAsInt());
    }
    misbehave(behaviour, "ICCID " + iccid);
  }

  /**
   * Lets a batch call through once the latency has passed: limits, error rate and latency apply to
   * it as to one call.
   *
   * @param iccids its cards, each once
   * @throws Rejection when the whole call is to be answered with an error instead
   */
  public void admitBatch(long carrierId, Collection<String> iccids, CardOperation operation) {
    calls.recordBatch(iccids, operation);
    Behaviour behaviour = settings.current();
    limit(carrierId, behaviour, operation.wireName() + " of " + iccids.size() + " cards");
    misbehave(behaviour, iccids.size() + " cards");
  }

  /** The carrier's rate, then its account's rate and quota. */
  private void limit(long carrierId, Behaviour behaviour, String call) {
    Optional<String> account = behaviour.accountOf(carrierId);
    account.ifPresent(calls::recordAccountCall);
    OptionalInt limit = behaviour.limitFor(carrierId);
    if (limit.isPresent()) {
      Optional<Duration> wait = limiter.tryAcquire(carrierId, limit.getAsInt());
      if (wait.isPresent()) {
        calls.recordRateLimited(null);
        log.debug("{}: carrier {} over its limit", call, carrierId);
        throw Rejection.rateLimited(carrierId, limit.getAsInt(), wait.get());
      }
    }
    if (account.isEmpty()) {
      return;
    }
    String name = account.get();
    Account settings = behaviour.accounts().get(name);
    Optional<AccountLimits.Refused> refused = accounts.tryAdmit(name, settings);
    if (refused.isEmpty()) {
      return;
    }
    log.debug("{}: account {} refuses it ({})", call, name, refused.get().refusal());
    if (refused.get().refusal() == AccountLimits.Refusal.RATE_LIMITED) {
      calls.recordRateLimited(name);
      throw Rejection.accountRateLimited(
          name, settings.callsPerSecond(), refused.get().retryAfter());
    }
    calls.recordQuotaRefused(name);
    throw Rejection.quotaExceeded(name, settings.callsPerDay(), refused.get().retryAfter());
  }

  /** The random error rate, then the latency. */
  private void misbehave(Behaviour behaviour, String subject) {
    if (behaviour.errorRate() > 0 && random.nextDouble() < behaviour.errorRate()) {
      log.debug("{}: random error", subject);
      throw Rejection.randomError(behaviour.errorRate());
    }
    pause(behaviour.latencyMs(), subject);
  }

  private static void pause(long latencyMs, String subject) {
    if (latencyMs == 0) {
      return;
    }
    try {
      Thread.sleep(latencyMs);
    } catch (InterruptedException e) {
      // Tomcat is stopping: keep the flag for it, and leave the cards untouched.
      Thread.currentThread().interrupt();
      throw Rejection.interrupted(subject);
    }
  }
}
