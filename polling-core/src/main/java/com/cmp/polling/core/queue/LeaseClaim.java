package com.cmp.polling.core.queue;

import java.time.Instant;
import java.util.Objects;

/**
 * A handler's claim on the card of a task it is about to run.
 *
 * @param cardId the task's card
 * @param leaseUntil the lease deadline the task carries (what the scheduler wrote as the score)
 */
public record LeaseClaim(long cardId, Instant leaseUntil) {

  public LeaseClaim {
    QueueArguments.requireCardId(cardId);
    Objects.requireNonNull(leaseUntil, "leaseUntil");
  }
}
