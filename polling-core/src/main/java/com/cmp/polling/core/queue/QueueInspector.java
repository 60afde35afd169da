package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueArguments.requireCardId;
import static com.cmp.polling.core.queue.QueueArguments.requireType;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.Optional;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Read-only views of the polling queues for monitoring and the operator console: the figures of a
 * task type's shards in one round trip (a shard that fails is named in the reading), and where one
 * card stands (a Redis failure is a {@link PollingQueueException} naming the card). Never writes.
 */
public class QueueInspector {

  private final StringRedisTemplate redis;
  private final QueueKeys keys;
  private final QueueSettings settings;
  private final ShardFiguresReader reader;

  public QueueInspector(StringRedisTemplate redis, QueueSettings settings) {
    this.redis = redis;
    this.keys = new QueueKeys(settings.shardCount());
    this.settings = settings;
    this.reader = new ShardFiguresReader(redis, settings.shardCount());
  }

  /**
   * The figures of every shard queue of one task type, in one pipeline; a shard Redis cannot read
   * is left out of the sums and named.
   *
   * @param overdueBefore cards due at or before this instant count as overdue
   */
  public QueueReading figures(TaskType type, Instant now, Instant overdueBefore) {
    return reader.read(requireType(type), now, overdueBefore);
  }

  /** The card's check time in its {@code type} queue; empty when it is not in that queue. */
  public Optional<Instant> nextCheckOf(long cardId, TaskType type) {
    String key = keys.of(requireCardId(cardId), type);
    try {
      Double score = redis.opsForZSet().score(key, Long.toString(cardId));
      return Optional.ofNullable(score).map(s -> Instant.ofEpochMilli(Math.round(s * 1000)));
    } catch (DataAccessException e) {
      throw new PollingQueueException(
          "position of card " + cardId + " in " + key + " failed in Redis: " + e.getMessage(), e);
    }
  }

  /**
   * Whether a manual {@code type} check of the card waits for the scheduler or is being published.
   */
  public boolean manualPending(long cardId, TaskType type) {
    String key = RedisKeys.manualTriggers(requireType(type));
    String member = Long.toString(requireCardId(cardId));
    try {
      return redis.opsForZSet().score(key, member) != null;
    } catch (DataAccessException e) {
      throw new PollingQueueException(
          "manual check of card " + cardId + " in " + key + " failed in Redis: " + e.getMessage(),
          e);
    }
  }

  public int shardCount() {
    return settings.shardCount();
  }
}
