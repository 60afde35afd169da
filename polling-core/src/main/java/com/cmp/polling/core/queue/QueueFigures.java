package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueArguments.requireType;

import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The monitoring figures of the shard queues, behind {@link PollingQueueManager}'s getters: every
 * total is one {@link ShardFiguresReader} pipeline.
 */
final class QueueFigures {

  private static final Logger log = LoggerFactory.getLogger(PollingQueueManager.class);

  private final QueueCommands commands;
  private final QueueKeys keys;
  private final ShardFiguresReader reader;
  private final Clock clock;

  QueueFigures(StringRedisTemplate redis, QueueCommands commands, QueueKeys keys, Clock clock) {
    this.commands = commands;
    this.keys = keys;
    this.reader = new ShardFiguresReader(redis, keys.shardCount());
    this.clock = clock;
  }

  /** ZCARD of one shard queue; the caller checked the shard and type. */
  long depth(int shard, TaskType type) {
    String key = keys.of(shard, type);
    return commands.count(key, "depth of " + key);
  }

  long totalDepth(TaskType type) {
    Instant now = clock.instant();
    return answered(reader.read(requireType(type), now, now), "queue depth").queued();
  }

  long overdue(TaskType type, Instant now) {
    return answered(reader.read(requireType(type), now, now), "overdue count").due();
  }

  /** The due backlog; unknown (an exception naming the shards) when any shard failed. */
  Backlog backlog(TaskType type) {
    Instant now = clock.instant();
    return reader.read(requireType(type), now, now).backlog();
  }

  /**
   * A total leaves out the shards that failed, with a warning naming them (seed 000); with no shard
   * answering there is no figure at all, and a 0 would read as "empty".
   */
  private static QueueReading answered(QueueReading reading, String what) {
    String type = reading.type().code();
    if (reading.noneAnswered()) {
      throw new PollingQueueException(
          type + " " + what + ": every shard failed (" + reading.failed().get(0).error() + ")",
          null);
    }
    if (!reading.failed().isEmpty()) {
      log.warn("{} {}: shards left out of the total: {}", type, what, reading.describeFailed());
    }
    return reading;
  }
}
