package com.cmp.polling.simulator.behaviour;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.springframework.stereotype.Component;

/** Per-carrier limits of card operations per second, one {@link TokenBucket} per carrier. */
@Component
public class RateLimiter {

  private final Clock clock;
  private final ConcurrentMap<Long, TokenBucket> buckets = new ConcurrentHashMap<>();

  public RateLimiter(Clock clock) {
    this.clock = clock;
  }

  /**
   * Admits one card operation of the carrier if its limit allows. A carrier whose limit changed
   * starts again with a full bucket of the new size.
   *
   * @return empty when admitted, else how long until the carrier has room again
   */
  public Optional<Duration> tryAcquire(long carrierId, int limitPerSecond) {
    Instant now = clock.instant();
    TokenBucket bucket = buckets.get(carrierId);
    if (bucket == null || bucket.limit() != limitPerSecond) {
      bucket =
          buckets.compute(
              carrierId,
              (id, existing) ->
                  existing == null || existing.limit() != limitPerSecond
                      ? new TokenBucket(limitPerSecond, now)
                      : existing);
    }
    return bucket.tryTake(now);
  }

  /** Every carrier starts again with a full bucket. */
  public void reset() {
    buckets.clear();
  }
}
