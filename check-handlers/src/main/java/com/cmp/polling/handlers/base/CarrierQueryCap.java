package com.cmp.polling.handlers.base;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.handlers.config.HandlersProperties;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * How many carrier calls of one rate-limited carrier this instance runs at once: its calls per
 * second times {@code cmp.polling.handlers.carrier-wait} (at least one), so that no call waits much
 * longer than that for its slot. A call is a place, whatever its number of cards: a batch call of
 * ten cards takes one, as it takes one slot of the limiter. Without it, a slice of the 128 workers
 * full of one carrier allowing a few calls a second parks every worker on that carrier's limiter: a
 * few reserve their slot and sleep up to {@code rate-limit-max-wait} (the whole slice waits with
 * them), the others are refused by the limiter, and the cards of every other carrier wait behind
 * them. A call above the cap is not made: its checks are put off (again after the retry delay)
 * without spending a slot. Carriers without a limit have no cap. Only regular checks take a place:
 * manual ones run on workers of their own and go straight to the carrier's rate limiter (see {@link
 * CheckRunner}).
 */
@Component
class CarrierQueryCap {

  private final Map<Long, Integer> perSecond;
  private final Integer defaultPerSecond;
  private final Duration wait;
  private final Map<Long, Semaphore> running = new ConcurrentHashMap<>();

  @Autowired
  CarrierQueryCap(PollingProperties polling, HandlersProperties settings) {
    this(
        limitsPerCarrier(polling),
        polling.gateway().defaultRateLimitPerSecond(),
        shorter(settings.carrierWait(), polling.gateway().rateLimitMaxWait()));
  }

  /**
   * @param perSecond calls per second allowed per carrier id
   * @param defaultPerSecond the limit of carriers not listed; null: unlimited
   * @param wait how long a query may expect to wait for its slot
   */
  CarrierQueryCap(Map<Long, Integer> perSecond, Integer defaultPerSecond, Duration wait) {
    this.perSecond = Map.copyOf(perSecond);
    this.defaultPerSecond = defaultPerSecond;
    this.wait = wait;
  }

  /**
   * Each limited carrier's calls per second: its own limit, or its account's (the account's
   * carriers share it, so each is capped as if it had it alone).
   */
  private static Map<Long, Integer> limitsPerCarrier(PollingProperties polling) {
    Map<Long, Integer> limits = new HashMap<>(polling.gateway().rateLimitPerSecond());
    polling
        .carrierAccounts()
        .all()
        .forEach(
            account ->
                account
                    .carriers()
                    .forEach(carrierId -> limits.put(carrierId, account.callsPerSecond())));
    return limits;
  }

  private static Duration shorter(Duration a, Duration b) {
    return a.compareTo(b) < 0 ? a : b;
  }

  /** The most calls to the carrier run at once here; empty when it is not rate-limited. */
  OptionalInt capOf(long carrierId) {
    Integer limit = perSecond.getOrDefault(carrierId, defaultPerSecond);
    if (limit == null) {
      return OptionalInt.empty();
    }
    return OptionalInt.of((int) Math.max(1, Math.ceil(limit * wait.toMillis() / 1000.0)));
  }

  /**
   * Takes a place for one call to the carrier; false when its cap is reached. A place taken must be
   * given back with {@link #leave}.
   */
  boolean tryEnter(long carrierId) {
    OptionalInt cap = capOf(carrierId);
    if (cap.isEmpty()) {
      return true;
    }
    return running.computeIfAbsent(carrierId, id -> new Semaphore(cap.getAsInt())).tryAcquire();
  }

  /** Gives back the place {@link #tryEnter} took. */
  void leave(long carrierId) {
    Semaphore places = running.get(carrierId);
    if (places != null) {
      places.release();
    }
  }
}
