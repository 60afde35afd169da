package com.cmp.polling.listener;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.data.redis.core.StringRedisTemplate;

/** What Redis holds for a card, read straight from the keys (not through the code under test). */
public final class QueueState {

  private static final int SHARDS = 16;

  private final StringRedisTemplate redis;

  public QueueState(StringRedisTemplate redis) {
    this.redis = redis;
  }

  /** The card's next check of {@code type}, or null when it is not in that queue. */
  public Instant score(long cardId, TaskType type) {
    Double score =
        redis
            .opsForZSet()
            .score(RedisKeys.shardQueue((int) (cardId % SHARDS), type), Long.toString(cardId));
    return score == null ? null : Instant.ofEpochMilli(Math.round(score * 1000));
  }

  /** Every queue key (4 task types × 16 shards) that holds the card. */
  public List<String> queuesHolding(long cardId) {
    List<String> holding = new ArrayList<>();
    for (TaskType type : TaskType.values()) {
      for (int shard = 0; shard < SHARDS; shard++) {
        String key = RedisKeys.shardQueue(shard, type);
        if (redis.opsForZSet().score(key, Long.toString(cardId)) != null) {
          holding.add(key);
        }
      }
    }
    return holding;
  }

  public List<TaskType> taskTypes(long cardId) {
    List<TaskType> types = new ArrayList<>();
    for (TaskType type : TaskType.values()) {
      if (score(cardId, type) != null) {
        types.add(type);
      }
    }
    return types;
  }
}
