package com.cmp.polling.scheduler.admin;

import com.cmp.polling.core.queue.PollingQueueException;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The state of the polling queues as an operator reads it, through the queue manager only: per task
 * type the cards scheduled (ZCARD per shard, and their sum), the overdue backlog and the manual
 * triggers waiting.
 */
@Component
class QueueOverview {

  private static final Logger log = LoggerFactory.getLogger(QueueOverview.class);

  private final PollingQueueManager queues;
  private final Clock clock;

  QueueOverview(PollingQueueManager queues, Clock clock) {
    this.queues = queues;
    this.clock = clock;
  }

  /** The figures now; a shard that fails is left out of the sums and named, never a failure. */
  Queues read() {
    Instant now = clock.instant();
    Map<String, TaskQueues> byType = new LinkedHashMap<>();
    for (TaskType type : TaskType.values()) {
      List<Long> shards = new ArrayList<>(queues.shardCount());
      List<Integer> failed = new ArrayList<>();
      for (int shard = 0; shard < queues.shardCount(); shard++) {
        try {
          shards.add(queues.getQueueDepth(shard, type));
        } catch (PollingQueueException e) {
          log.warn(
              "shard {} {} left out of the queue overview: {}", shard, type.code(), e.getMessage());
          shards.add(null);
          failed.add(shard);
        }
      }
      long depth = shards.stream().filter(d -> d != null).mapToLong(Long::longValue).sum();
      byType.put(
          type.code(),
          new TaskQueues(
              depth, overdue(type, now), queues.getManualQueueLength(type), shards, failed));
    }
    return new Queues(now, queues.shardCount(), byType);
  }

  /** Null when no shard answered (the overdue sum leaves failed shards out by itself). */
  private Long overdue(TaskType type, Instant now) {
    try {
      return queues.getOverdueCount(type, now);
    } catch (PollingQueueException e) {
      return null;
    }
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
   * @param depth cards scheduled in the shards that answered (the sum of {@code shards})
   * @param overdue cards due at {@code at} or earlier: how far behind the pipeline is (null when no
   *     shard answered)
   * @param manual manual triggers waiting for the next tick
   * @param shards cards scheduled per shard, shard 0 first; null for a shard that failed
   * @param failedShards the shards Redis did not answer for, left out of the sums
   */
  record TaskQueues(
      long depth, Long overdue, long manual, List<Long> shards, List<Integer> failedShards) {}
}
