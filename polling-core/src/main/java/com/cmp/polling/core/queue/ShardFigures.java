package com.cmp.polling.core.queue;

import java.time.Instant;

/**
 * What one shard queue of one task type holds at one instant, as monitoring reads it.
 *
 * @param queued cards in the queue (ZCARD): scheduled, due and leased alike
 * @param due cards whose check time has come (score at or before now)
 * @param overdue cards due for longer than the grace the caller chose
 * @param oldestDueAt the check time of the card waiting longest, or null when none is due
 */
public record ShardFigures(long queued, long due, long overdue, Instant oldestDueAt) {

  /** An empty shard. */
  public static final ShardFigures EMPTY = new ShardFigures(0, 0, 0, null);
}
