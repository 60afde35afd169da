package com.cmp.polling.operator.admin;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.springframework.data.redis.core.StringRedisTemplate;

/** Reads the Redis state the API writes (queues, manual lists, protection periods) for asserts. */
final class QueueState {

  private static final int SHARDS = 16;

  private final StringRedisTemplate redis;

  QueueState(StringRedisTemplate redis) {
    this.redis = redis;
  }

  /** The manual triggers of {@code type} ({@code polling:manual:due:{type}}), oldest first. */
  List<String> manualList(TaskType type) {
    return List.copyOf(redis.opsForZSet().range(RedisKeys.manualTriggers(type), 0, -1));
  }

  /** The card's score in its shard queue of {@code type}, or null when it is not queued. */
  Double score(long cardId, TaskType type) {
    return redis
        .opsForZSet()
        .score(RedisKeys.shardQueue((int) (cardId % SHARDS), type), Long.toString(cardId));
  }

  /** {@code polling:protect:{cardId}}, or null. */
  String protection(long cardId) {
    return redis.opsForValue().get(RedisKeys.protection(cardId));
  }

  long protectionTtlSeconds(long cardId) {
    return redis.getExpire(RedisKeys.protection(cardId), TimeUnit.SECONDS);
  }
}
