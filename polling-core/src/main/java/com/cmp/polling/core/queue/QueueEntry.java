package com.cmp.polling.core.queue;

import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;

/**
 * A card's entry in one shard queue as it was read.
 *
 * @param shard the shard whose queue holds it (its card's shard, unless it was put in another)
 * @param score the score exactly as Redis returned it: a conditional change compares against it
 */
public record QueueEntry(long cardId, int shard, TaskType type, double score) {

  /** The score as an instant (next check time, or a lease deadline), to the millisecond. */
  public Instant at() {
    return Instant.ofEpochMilli(Math.round(score * 1000));
  }
}
