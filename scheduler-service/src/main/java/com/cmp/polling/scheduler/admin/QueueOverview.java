package com.cmp.polling.scheduler.admin;

import com.cmp.polling.core.queue.Backlog;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The state of the polling queues as an operator reads it, through the queue manager only: per task
 * type the cards scheduled (ZCARD per shard, and their sum: the size of the fleet, not a backlog),
 * the backlog (cards due and not dispatched, and how long the oldest has waited) and the manual
 * triggers waiting.
 */
@Component
class QueueOverview {

  private final PollingQueueManager queues;
  private final Clock clock;

  QueueOverview(PollingQueueManager queues, Clock clock) {
    this.queues = queues;
    this.clock = clock;
  }

  Queues read() {
    Instant now = clock.instant();
    Map<String, TaskQueues> byType = new LinkedHashMap<>();
    for (TaskType type : TaskType.values()) {
      List<Long> shards = new ArrayList<>(queues.shardCount());
      for (int shard = 0; shard < queues.shardCount(); shard++) {
        shards.add(queues.getQueueDepth(shard, type));
      }
      long depth = shards.stream().mapToLong(Long::longValue).sum();
      Backlog backlog = queues.getBacklog(type);
      byType.put(
          type.code(),
          new TaskQueues(
              depth,
              backlog.due(),
              backlog.oldestAge().toSeconds(),
              queues.manualTriggers().length(type),
              shards));
    }
    return new Queues(now, queues.shardCount(), byType);
  }

  /**
   * {@code GET /api/monitoring/queues}.
   *
   * @param at the instant "overdue" refers to
   * @param taskTypes by task type code, in the order of {@link TaskType}
   */
  record Queues(Instant at, int shardCount, Map<String, TaskQueues> taskTypes) {}

  /**
   * The queues of one task type.
   *
   * @param depth cards scheduled in all shards (the sum of {@code shards}), leased ones included
   * @param overdue cards due and not dispatched: how far behind the scheduler is
   * @param oldestOverdueSeconds how long the longest-waiting of them has waited (0: none)
   * @param manual manual triggers waiting for the next tick, or being published
   * @param shards cards scheduled per shard, shard 0 first
   */
  record TaskQueues(
      long depth, long overdue, long oldestOverdueSeconds, long manual, List<Long> shards) {}
}
