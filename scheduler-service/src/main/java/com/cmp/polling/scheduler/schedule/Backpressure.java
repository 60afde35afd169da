package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * When to hold back: a shard whose queue holds more than the depth threshold (the seed's rule) is
 * skipped for a round, and so is a task type whose topic lags too far behind its handlers (the
 * backlog that really matters downstream). Lag figures are reused for a few seconds.
 */
@Component
public class Backpressure {

  private static final Logger log = LoggerFactory.getLogger(Backpressure.class);

  private final PollingQueueManager queues;
  private final ConsumerLag lag;
  private final SchedulerProperties.Backpressure settings;
  private final Clock clock;
  private final Map<TaskType, Measured> lastLag = new ConcurrentHashMap<>();

  public Backpressure(
      PollingQueueManager queues, ConsumerLag lag, SchedulerProperties properties, Clock clock) {
    this.queues = queues;
    this.lag = lag;
    this.settings = properties.backpressure();
    this.clock = clock;
  }

  public boolean shardOverloaded(int shard, TaskType type) {
    long depth = queues.getQueueDepth(shard, type);
    if (depth > settings.depthThreshold()) {
      log.warn(
          "shard {} {} skipped this round: {} cards queued, threshold {}",
          shard,
          type.code(),
          depth,
          settings.depthThreshold());
      return true;
    }
    return false;
  }

  public boolean typeOverloaded(TaskType type) {
    Instant now = clock.instant();
    Measured measured = lastLag.get(type);
    if (measured == null || measured.at().plus(settings.lagCheckInterval()).isBefore(now)) {
      measured = new Measured(lag.of(type), now);
      lastLag.put(type, measured);
    }
    if (measured.lag() > settings.maxConsumerLag()) {
      log.warn(
          "{} skipped this round: its handlers lag {} tasks behind, limit {}",
          type.code(),
          measured.lag(),
          settings.maxConsumerLag());
      return true;
    }
    return false;
  }

  private record Measured(long lag, Instant at) {}
}
