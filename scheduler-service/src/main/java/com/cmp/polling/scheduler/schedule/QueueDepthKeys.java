package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.core.queue.PollingQueueException;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * Keeps {@code polling:stats:queue_depth:{taskType}} up to date where the scheduling loop runs: the
 * cards queued for each type in all its shards, as the old system's monitoring readers expect it.
 * Written every {@code cmp.polling.scheduler.queue-depth-interval} (5 s, the operator app's fleet
 * snapshot pace), never per round: each write costs one ZCARD per shard and type (constant time
 * whatever the fleet) and one SET per type. A shard that does not answer is left out of its type's
 * sum, as every total depth does; when no shard answers, the key keeps its last value.
 */
@Component
class QueueDepthKeys implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(QueueDepthKeys.class);

  private final PollingQueueManager queues;
  private final StringRedisTemplate redis;
  private final boolean loopEnabled;
  private final Duration interval;
  private ScheduledExecutorService writer;
  private volatile boolean failing;

  QueueDepthKeys(
      PollingQueueManager queues,
      StringRedisTemplate redis,
      @Value("${cmp.polling.scheduler.enabled:true}") boolean loopEnabled,
      @Value("${cmp.polling.scheduler.queue-depth-interval:5s}") Duration interval) {
    this.queues = queues;
    this.redis = redis;
    this.loopEnabled = loopEnabled;
    this.interval = interval;
  }

  /** Reads every type's depth, then writes the keys in one pipeline. */
  void write() {
    Map<TaskType, Long> depths = new EnumMap<>(TaskType.class);
    for (TaskType type : TaskType.values()) {
      try {
        depths.put(type, queues.getTotalQueueDepth(type));
      } catch (PollingQueueException e) {
        log.debug("{} queue depth unknown: {}", type.code(), e.getMessage());
      }
    }
    redis.executePipelined(
        (RedisCallback<Object>)
            c -> {
              depths.forEach(
                  (type, depth) ->
                      c.stringCommands()
                          .set(
                              RedisKeys.queueDepth(type).getBytes(),
                              Long.toString(depth).getBytes()));
              return null;
            });
  }

  private void writeLogged() {
    try {
      write();
      if (failing) {
        failing = false;
        log.info("queue depth keys written again");
      }
    } catch (RuntimeException e) {
      if (!failing) {
        failing = true;
        log.warn("queue depth keys not written: {}; trying again every {}", e.toString(), interval);
      }
    }
  }

  @Override
  public synchronized void start() {
    if (!loopEnabled || interval.isZero() || writer != null) {
      return;
    }
    writer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("queue-depth-keys"));
    writer.scheduleWithFixedDelay(this::writeLogged, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public synchronized void stop() {
    if (writer != null) {
      writer.shutdownNow();
      writer = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return writer != null;
  }
}
