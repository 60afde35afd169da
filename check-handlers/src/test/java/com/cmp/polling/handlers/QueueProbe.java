package com.cmp.polling.handlers;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.time.Instant;

/** Where a card sits in the polling queues, read straight from Redis. */
public final class QueueProbe {

  private final RedisExtension redis;

  public QueueProbe(RedisExtension redis) {
    this.redis = redis;
  }

  /** The card's score (next check, unix seconds) in its shard queue, or null. */
  public Double score(long cardId, TaskType type) {
    return redis
        .template()
        .opsForZSet()
        .score(RedisKeys.shardQueue((int) (cardId % 16), type), Long.toString(cardId));
  }

  /** Whether the card's next check is {@code interval} from now, give or take 10 s. */
  public boolean nextCheckIn(long cardId, TaskType type, Duration interval) {
    Double score = score(cardId, type);
    double expected = Instant.now().plus(interval).toEpochMilli() / 1000.0;
    return score != null && Math.abs(score - expected) < 10;
  }

  /** Whether the card is in no queue at all. */
  public boolean inNoQueue(long cardId) {
    for (TaskType type : TaskType.values()) {
      if (score(cardId, type) != null) {
        return false;
      }
    }
    return true;
  }
}
