package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueArguments.requireShard;
import static com.cmp.polling.core.queue.QueueArguments.requireType;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Instant;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The monitoring figures of the shard queues, behind {@link PollingQueueManager}'s getters. */
final class QueueFigures {

  private final QueueCommands commands;
  private final BacklogReader backlog;
  private final int shardCount;
  private final Clock clock;

  QueueFigures(StringRedisTemplate redis, QueueCommands commands, int shardCount, Clock clock) {
    this.commands = commands;
    this.backlog = new BacklogReader(redis, shardCount);
    this.shardCount = shardCount;
    this.clock = clock;
  }

  long depth(int shard, TaskType type) {
    requireShard(shard, shardCount);
    String key = RedisKeys.shardQueue(shard, requireType(type));
    return commands.count(key, "depth of " + key);
  }

  long totalDepth(TaskType type) {
    requireType(type);
    return ShardTotals.sum(shardCount, type, "queue depth", shard -> depth(shard, type));
  }

  long overdue(TaskType type, Instant now) {
    requireType(type);
    return ShardTotals.sum(
        shardCount,
        type,
        "overdue count",
        shard -> commands.countUntil(RedisKeys.shardQueue(shard, type), now, "overdue count"));
  }

  Backlog backlog(TaskType type) {
    return backlog.read(requireType(type), clock.instant());
  }
}
