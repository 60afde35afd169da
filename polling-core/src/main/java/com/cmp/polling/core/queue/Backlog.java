package com.cmp.polling.core.queue;

import java.time.Duration;
import java.time.Instant;

/**
 * What waits for the scheduler in one task type's queues: cards due and not leased. It does not
 * grow with the fleet, only with how far dispatch is behind.
 *
 * @param at the instant the figures refer to
 * @param due cards due at {@code at} or earlier (ZCOUNT -inf..at over every shard)
 * @param oldestDueAt the due time of the longest-waiting of them; null when none is due
 */
public record Backlog(Instant at, long due, Instant oldestDueAt) {

  /** How long the longest-waiting due card has waited; zero when none is due. */
  public Duration oldestAge() {
    return oldestDueAt == null || oldestDueAt.isAfter(at)
        ? Duration.ZERO
        : Duration.between(oldestDueAt, at);
  }
}
