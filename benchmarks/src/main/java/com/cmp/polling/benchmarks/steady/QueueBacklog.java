package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.core.queue.QueueInspector;
import com.cmp.polling.core.queue.QueueReading;
import com.cmp.polling.core.queue.QueueSettings;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The overdue backlog read straight from the Redis shard queues with polling-core's read-only
 * {@link QueueInspector} (the apps run with the default 16 shards): cards due and not dispatched,
 * and how long the oldest of them has waited. No app's monitoring API is involved, so the figure
 * does not depend on which app serves it.
 */
final class QueueBacklog {

  static final List<TaskType> POLLED =
      List.of(TaskType.REALNAME, TaskType.CARDDATA, TaskType.PACKAGE);

  /**
   * @param overdue cards due and not leased, realname + carddata + package
   * @param oldestSeconds how long the longest-waiting of them has waited
   */
  record Reading(long overdue, long oldestSeconds) {}

  private final QueueInspector inspector;

  QueueBacklog(BenchmarkRedis redis) {
    this.inspector = new QueueInspector(redis.template(), QueueSettings.DEFAULTS);
  }

  /**
   * @throws IllegalStateException when a shard did not answer: a backlog without it is no figure
   */
  Reading read() {
    Instant now = Instant.now();
    long overdue = 0;
    long oldest = 0;
    for (TaskType type : POLLED) {
      QueueReading reading = inspector.figures(type, now, now);
      if (!reading.failed().isEmpty()) {
        throw new IllegalStateException(
            "the " + type.code() + " backlog is unknown: shards " + reading.describeFailed());
      }
      overdue += reading.due();
      Instant oldestDue = reading.oldestDueAt();
      if (oldestDue != null) {
        oldest = Math.max(oldest, Duration.between(oldestDue, now).toSeconds());
      }
    }
    return new Reading(overdue, oldest);
  }
}
