package com.cmp.polling.core.queue;

import com.cmp.polling.schemas.task.TaskType;
import java.util.function.IntToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Sums a per-shard figure for monitoring, tolerating shards that fail to answer. */
final class ShardTotals {

  private static final Logger log = LoggerFactory.getLogger(PollingQueueManager.class);

  private ShardTotals() {}

  /**
   * The sum over every shard; a shard that fails is left out with a warning naming it (seed 000).
   *
   * @throws PollingQueueException when every shard failed: then there is no figure at all, and a 0
   *     would read as "empty"
   */
  static long sum(int shardCount, TaskType type, String what, IntToLongFunction perShard) {
    long total = 0;
    int failed = 0;
    for (int shard = 0; shard < shardCount; shard++) {
      try {
        total += perShard.applyAsLong(shard);
      } catch (PollingQueueException e) {
        failed++;
        log.warn("shard {} {} {} query failed, left out of the total", shard, type.code(), what, e);
        if (failed == shardCount) {
          throw new PollingQueueException(type.code() + " " + what + ": every shard failed", e);
        }
      }
    }
    return total;
  }
}
