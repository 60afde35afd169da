package com.cmp.polling.simulator.behaviour;

import com.cmp.polling.simulator.calls.CallCounter;
import com.cmp.polling.simulator.calls.CardOperation;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * What happens to a card operation before it is performed, in this order: it is counted; the
 * carrier's rate limit may answer 429; a pending fail-next of the ICCID answers its status; the
 * error rate answers 503 at random; the latency is slept in the request thread.
 */
@Component
public class CardOperationGate {

  private static final Logger log = LoggerFactory.getLogger(CardOperationGate.class);

  private final CallCounter calls;
  private final BehaviourSettings settings;
  private final RateLimiter limiter;
  private final PendingFailures failures;
  private final RandomGenerator random;

  public CardOperationGate(
      CallCounter calls,
      BehaviourSettings settings,
      RateLimiter limiter,
      PendingFailures failures,
      RandomGenerator random) {
    this.calls = calls;
    this.settings = settings;
    this.limiter = limiter;
    this.failures = failures;
    this.random = random;
  }

  /**
   * Lets the operation through once the latency has passed.
   *
   * @throws Rejection when it is to be answered with an error instead
   */
  public void admit(long carrierId, String iccid, CardOperation operation) {
    calls.record(iccid, operation);
    Behaviour behaviour = settings.current();
    OptionalInt limit = behaviour.limitFor(carrierId);
    if (limit.isPresent()) {
      Optional<Duration> wait = limiter.tryAcquire(carrierId, limit.getAsInt());
      if (wait.isPresent()) {
        calls.recordRateLimited();
        log.debug(
            "{} of ICCID {}: carrier {} over its limit", operation.wireName(), iccid, carrierId);
        throw Rejection.rateLimited(carrierId, limit.getAsInt(), wait.get());
      }
    }
    OptionalInt failure = failures.take(iccid);
    if (failure.isPresent()) {
      if (failure.getAsInt() == 429) {
        calls.recordRateLimited();
      }
      log.debug(
          "{} of ICCID {}: fail-next answers {}", operation.wireName(), iccid, failure.getAsInt());
      throw Rejection.pendingFailure(iccid, failure.getAsInt());
    }
    if (behaviour.errorRate() > 0 && random.nextDouble() < behaviour.errorRate()) {
      log.debug("{} of ICCID {}: random error", operation.wireName(), iccid);
      throw Rejection.randomError(behaviour.errorRate());
    }
    pause(behaviour.latencyMs(), iccid);
  }

  private static void pause(long latencyMs, String iccid) {
    if (latencyMs == 0) {
      return;
    }
    try {
      Thread.sleep(latencyMs);
    } catch (InterruptedException e) {
      // Tomcat is stopping: keep the flag for it, and leave the card untouched.
      Thread.currentThread().interrupt();
      throw Rejection.interrupted(iccid);
    }
  }
}
