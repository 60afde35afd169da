package com.cmp.polling.operator.monitoring;

import com.cmp.polling.core.queue.PollingQueueException;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.QueueInspector;
import com.cmp.polling.core.queue.QueueReading;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.operator.config.MonitoringProperties;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.lag.ConsumerLag;
import com.cmp.polling.status.lag.HandlerLag;
import com.cmp.polling.status.schedule.DispatchState;
import com.cmp.polling.status.schedule.SchedulerStatsStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * Reads the figures of one task type: every shard in one pipeline (a shard that fails is left out
 * and named), the manual triggers, the permits held, back-pressure as the last round recorded it
 * and the handlers' lag. A fixed number of Redis and Kafka calls, whatever the size of the fleet.
 *
 * <p>The handlers' lag is measured by back-pressure too, in whichever scheduler instance runs a
 * round, and recorded in the scheduler stats: a measure younger than {@code lag-reuse} is shown as
 * it is, so Kafka is asked once per interval, not once per scheduler and operator; where no loop
 * runs or it stalled, the snapshot measures the lag itself.
 */
@Component
class QueueFiguresReader {

  private static final Logger log = LoggerFactory.getLogger(QueueFiguresReader.class);

  private final QueueInspector inspector;
  private final PollingQueueManager queues;
  private final ConsumerLag consumerLag;
  private final SchedulerStatsStore stats;
  private final StringRedisTemplate redis;
  private final Duration lagReuse;

  QueueFiguresReader(
      QueueInspector inspector,
      PollingQueueManager queues,
      ConsumerLag consumerLag,
      SchedulerStatsStore stats,
      StringRedisTemplate redis,
      MonitoringProperties monitoring) {
    this.inspector = inspector;
    this.queues = queues;
    this.consumerLag = consumerLag;
    this.stats = stats;
    this.redis = redis;
    this.lagReuse = monitoring.lagReuse();
  }

  TaskFigures read(
      TaskType type,
      Instant now,
      Duration overdueGrace,
      List<Snapshot.FailedShard> failedShards,
      List<String> problems) {
    QueueReading reading = inspector.figures(type, now, now.minus(overdueGrace));
    for (QueueReading.FailedShard failed : reading.failed()) {
      failedShards.add(new Snapshot.FailedShard(type.code(), failed.shard(), failed.error()));
    }
    if (!reading.failed().isEmpty()) {
      log.warn(
          "{} shards left out of the fleet snapshot: {}", type.code(), reading.describeFailed());
    }
    Instant oldest = reading.oldestDueAt();
    DispatchState dispatch = dispatch(type, problems);
    return new TaskFigures(
        reading.queued(),
        reading.due(),
        reading.overdue(),
        oldest == null ? 0 : Math.max(0, Duration.between(oldest, now).toSeconds()),
        handlerLag(type, dispatch, now, problems),
        checking(type, now, problems),
        manual(type, problems),
        reading.shards().stream().map(s -> s == null ? null : s.due()).toList(),
        dispatch);
  }

  /** The lag the last round measured when fresh enough, else a measure of its own. */
  private HandlerLag handlerLag(
      TaskType type, DispatchState dispatch, Instant now, List<String> problems) {
    boolean fresh =
        dispatch != null
            && dispatch.lag().known()
            && dispatch.measuredAt() != null
            && dispatch.measuredAt().plus(lagReuse).isAfter(now);
    HandlerLag lag = fresh ? dispatch.lag() : consumerLag.of(type);
    if (!lag.known()) {
      problems.add("handlers' lag of " + type.code() + ": Kafka did not answer");
    }
    return lag;
  }

  private DispatchState dispatch(TaskType type, List<String> problems) {
    try {
      return stats.dispatchState(type).orElse(null);
    } catch (DataAccessException e) {
      problems.add("back-pressure state of " + type.code() + ": " + rootMessage(e));
      return null;
    }
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
