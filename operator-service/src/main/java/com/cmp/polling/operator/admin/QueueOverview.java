package com.cmp.polling.operator.admin;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.QueueInspector;
import com.cmp.polling.core.queue.QueueReading;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The state of the polling queues as an operator reads it, through the queue manager only: per task
 * type the cards scheduled (ZCARD per shard, and their sum: the size of the fleet, not a backlog),
 * the backlog (cards due and not dispatched, and how long the oldest has waited) and the manual
 * triggers waiting.
 */
@Component
class QueueOverview {

  private static final Logger log = LoggerFactory.getLogger(QueueOverview.class);

  private final PollingQueueManager queues;
  private final QueueInspector inspector;
  private final Clock clock;

  QueueOverview(PollingQueueManager queues, QueueInspector inspector, Clock clock) {
    this.queues = queues;
    this.inspector = inspector;
    this.clock = clock;
  }

  /** The figures now; a shard that fails is left out of the sums and named, never a failure. */
  Queues read() {
    Instant now = clock.instant();
    Map<String, TaskQueues> byType = new LinkedHashMap<>();
    for (TaskType type : TaskType.values()) {
      QueueReading reading = inspector.figures(type, now, now);
      if (!reading.failed().isEmpty()) {
        log.warn(
            "{} shards left out of the queue overview: {}", type.code(), reading.describeFailed());
      }
      boolean none = reading.noneAnswered();
      Instant oldest = reading.oldestDueAt();
      byType.put(
          type.code(),
          new TaskQueues(
              reading.queued(),
              none ? null : reading.due(),
              none ? null : oldest == null ? 0 : Duration.between(oldest, now).toSeconds(),
              queues.manualTriggers().length(type),
              reading.shards().stream().map(s -> s == null ? null : s.queued()).toList(),
              reading.failed().stream().map(QueueReading.FailedShard::shard).toList()));
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
   * @param depth cards scheduled in the shards that answered (the sum of {@code shards}), leased
   *     ones included
   * @param overdue cards due and not dispatched: how far behind the scheduler is (null when the no
   *     shard answered)
   * @param oldestOverdueSeconds how long the longest-waiting of them has waited (0: none; null as
   *     {@code overdue})
   * @param manual manual triggers waiting for the next tick, or being published
   * @param shards cards scheduled per shard, shard 0 first; null for a shard that failed
   * @param failedShards the shards Redis did not answer for, left out of the sums
   */
  record TaskQueues(
      long depth,
      Long overdue,
      Long oldestOverdueSeconds,
      long manual,
      List<Long> shards,
      List<Integer> failedShards) {}
}
