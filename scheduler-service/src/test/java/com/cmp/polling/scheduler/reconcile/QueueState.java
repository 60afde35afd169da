package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The shard queues as the tests read and damage them, by hand, as a bug or an operator would. */
final class QueueState {

  private static final int SHARDS = 16;

  private final StringRedisTemplate redis;

  QueueState(StringRedisTemplate redis) {
    this.redis = redis;
  }

  /** The task types whose queue holds the card. */
  Set<TaskType> typesOf(long cardId) {
    Set<TaskType> types = EnumSet.noneOf(TaskType.class);
    for (TaskType type : TaskType.values()) {
      if (score(cardId, type) != null) {
        types.add(type);
      }
    }
    return types;
  }

  /** The card's score in its {@code type} queue, or null. */
  Double score(long cardId, TaskType type) {
    return redis.opsForZSet().score(key(cardId, type), Long.toString(cardId));
  }

  /** Puts the card in its {@code type} queue at {@code at}, whether it was there or not. */
  void put(long cardId, TaskType type, Instant at) {
    redis.opsForZSet().add(key(cardId, type), Long.toString(cardId), at.toEpochMilli() / 1000.0);
  }

  /** Moves each entry the card has to {@code at} (out of the lease window, or due). */
  void reschedule(long cardId, Instant at) {
    typesOf(cardId).forEach(type -> put(cardId, type, at));
  }

  void remove(long cardId, TaskType type) {
    redis.opsForZSet().remove(key(cardId, type), Long.toString(cardId));
  }

  /** Puts the card in the {@code type} queue of {@code shard}, which need not be its own. */
  void putInShard(long cardId, int shard, TaskType type, Instant at) {
    redis
        .opsForZSet()
        .add(RedisKeys.shardQueue(shard, type), Long.toString(cardId), at.toEpochMilli() / 1000.0);
  }

  /** The card's score in the {@code type} queue of {@code shard}, or null. */
  Double scoreInShard(long cardId, int shard, TaskType type) {
    return redis.opsForZSet().score(RedisKeys.shardQueue(shard, type), Long.toString(cardId));
  }

  /** A shard other than the card's own. */
  static int anotherShardThan(long cardId) {
    return (shardOf(cardId) + 1) % SHARDS;
  }

  static int shardOf(long cardId) {
    return (int) (cardId % SHARDS);
  }

  private static String key(long cardId, TaskType type) {
    return RedisKeys.shardQueue(shardOf(cardId), type);
  }
}
