package com.cmp.polling.scheduler.monitoring;

import com.cmp.polling.core.queue.PollingQueueException;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.QueueInspector;
import com.cmp.polling.core.queue.ShardFigures;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.schedule.ConsumerLag;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * Reads the figures of one task type: every shard in one pipeline each (a shard that fails is left
 * out and named), the manual triggers, the handlers' lag and the permits they hold. A fixed number
 * of Redis and Kafka calls, whatever the size of the fleet.
 */
@Component
class QueueFiguresReader {

  private static final Logger log = LoggerFactory.getLogger(QueueFiguresReader.class);

  private final QueueInspector inspector;
  private final PollingQueueManager queues;
  private final ConsumerLag lag;
  private final StringRedisTemplate redis;

  QueueFiguresReader(
      QueueInspector inspector,
      PollingQueueManager queues,
      ConsumerLag lag,
      StringRedisTemplate redis) {
    this.inspector = inspector;
    this.queues = queues;
    this.lag = lag;
    this.redis = redis;
  }

  TaskFigures read(
      TaskType type,
      Instant now,
      Duration overdueGrace,
      List<Snapshot.FailedShard> failedShards,
      List<String> problems) {
    long queued = 0;
    long due = 0;
    long overdue = 0;
    Instant oldest = null;
    List<Long> dueByShard = new ArrayList<>(inspector.shardCount());
    for (int shard = 0; shard < inspector.shardCount(); shard++) {
      try {
        ShardFigures figures = inspector.shardFigures(shard, type, now, now.minus(overdueGrace));
        queued += figures.queued();
        due += figures.due();
        overdue += figures.overdue();
        if (figures.oldestDueAt() != null
            && (oldest == null || figures.oldestDueAt().isBefore(oldest))) {
          oldest = figures.oldestDueAt();
        }
        dueByShard.add(figures.due());
      } catch (PollingQueueException e) {
        dueByShard.add(null);
        String error = rootMessage(e);
        failedShards.add(new Snapshot.FailedShard(type.code(), shard, error));
        log.warn("shard {} {} left out of the fleet snapshot: {}", shard, type.code(), error);
      }
    }
    long oldestAge = oldest == null ? 0 : Math.max(0, Duration.between(oldest, now).toSeconds());
    return new TaskFigures(
        queued,
        due,
        overdue,
        oldestAge,
        lag.of(type).tasks(),
        checking(type, now, problems),
        manual(type, problems),
        dueByShard);
  }

  private long manual(TaskType type, List<String> problems) {
    try {
      return queues.manualTriggers().length(type);
    } catch (PollingQueueException e) {
      problems.add("manual triggers of " + type.code() + ": " + rootMessage(e));
      return 0;
    }
  }

  /** Permits not yet expired (scored by their expiry, milliseconds). */
  private long checking(TaskType type, Instant now, List<String> problems) {
    try {
      Long count =
          redis
              .opsForZSet()
              .count(RedisKeys.concurrency(type), now.toEpochMilli(), Double.POSITIVE_INFINITY);
      return count == null ? 0 : count;
    } catch (DataAccessException e) {
      problems.add("checks running of " + type.code() + ": " + rootMessage(e));
      return 0;
    }
  }

  static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
  }
}
