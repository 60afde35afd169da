package com.cmp.polling.scaleout.lifecycle;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;
import org.springframework.data.redis.core.StringRedisTemplate;

/** A card's place in the Redis queues, read from the keys (not through the code under test). */
final class QueueReader {

  private static final int SHARDS = 16;

  private final StringRedisTemplate redis;

  QueueReader(StringRedisTemplate redis) {
    this.redis = redis;
  }

  /** The card's next check of {@code type}, or null when it is not in that queue. */
  Instant score(long cardId, TaskType type) {
    Double score =
        redis
            .opsForZSet()
            .score(RedisKeys.shardQueue((int) (cardId % SHARDS), type), Long.toString(cardId));
    return score == null ? null : Instant.ofEpochMilli(Math.round(score * 1000));
  }

  /** The task types whose queue holds the card. */
  Set<TaskType> taskTypes(long cardId) {
    Set<TaskType> types = EnumSet.noneOf(TaskType.class);
    for (TaskType type : TaskType.values()) {
      if (score(cardId, type) != null) {
        types.add(type);
      }
    }
    return types;
  }

  /** Whether any of the 4 × 16 queues holds the card (not only the shard it belongs to). */
  boolean inAnyQueue(long cardId) {
    for (TaskType type : TaskType.values()) {
      for (int shard = 0; shard < SHARDS; shard++) {
        if (redis.opsForZSet().score(RedisKeys.shardQueue(shard, type), Long.toString(cardId))
            != null) {
          return true;
        }
      }
    }
    return false;
  }
}
