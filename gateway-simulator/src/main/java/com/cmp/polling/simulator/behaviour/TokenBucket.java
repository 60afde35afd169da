package com.cmp.polling.simulator.behaviour;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One carrier's allowance: a bucket of {@code limit} tokens refilled at {@code limit} per second, a
 * token per card operation. A full bucket lets a burst of {@code limit} through, so a client that
 * keeps to the limit is never refused, even with uneven spacing; one that exceeds it is refused the
 * excess. Counted in billionths of a token, so that pacing at exactly the limit adds up exactly.
 * Thread-safe.
 */
final class TokenBucket {

  private static final long UNITS_PER_TOKEN = 1_000_000_000L;
  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  private static final Duration ONE_SECOND = Duration.ofSeconds(1);

  private final int limit;
  private final long capacity;
  private long units;
  private Instant refilledAt;

  /** A full bucket. */
  TokenBucket(int limit, Instant now) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be 1 or more, was " + limit);
    }
    this.limit = limit;
    this.capacity = limit * UNITS_PER_TOKEN;
    this.units = capacity;
    this.refilledAt = now;
  }

  int limit() {
    return limit;
  }

  /**
   * Takes a token if there is one.
   *
   * @return empty when the token was taken, else how long until the next one
   */
  synchronized Optional<Duration> tryTake(Instant now) {
    refill(now);
    if (units >= UNITS_PER_TOKEN) {
      units -= UNITS_PER_TOKEN;
      return Optional.empty();
    }
    long missing = UNITS_PER_TOKEN - units;
    return Optional.of(Duration.ofNanos((missing + limit - 1) / limit));
  }

  private void refill(Instant now) {
    Duration elapsed = Duration.between(refilledAt, now);
    if (elapsed.isNegative() || elapsed.isZero()) {
      // Another thread read the clock later but took its token first: nothing to add.
      return;
    }
    // A second refills the whole bucket; capping first keeps the arithmetic within a long.
    long nanos = elapsed.compareTo(ONE_SECOND) >= 0 ? NANOS_PER_SECOND : elapsed.toNanos();
    units = Math.min(capacity, units + nanos * limit);
    refilledAt = now;
  }
}
