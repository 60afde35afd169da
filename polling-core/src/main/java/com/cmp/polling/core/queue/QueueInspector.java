package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueArguments.requireCardId;
import static com.cmp.polling.core.queue.QueueArguments.requireShard;
import static com.cmp.polling.core.queue.QueueArguments.requireType;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ZSetOperations;

/**
 * Read-only views of the polling queues for monitoring and the operator console: figures of one
 * shard in one round trip, and where one card stands. Never writes. Every Redis failure is a {@link
 * PollingQueueException} naming the shard or card, so that a caller can leave that part out.
 */
public class QueueInspector {

  private final StringRedisTemplate redis;
  private final QueueKeys keys;
  private final QueueSettings settings;

  public QueueInspector(StringRedisTemplate redis, QueueSettings settings) {
    this.redis = redis;
    this.keys = new QueueKeys(settings.shardCount());
    this.settings = settings;
  }

  /**
   * The figures of one shard queue, in one pipeline: ZCARD, two ZCOUNTs and the lowest score.
   *
   * @param overdueBefore cards due at or before this instant count as overdue
   */
  public ShardFigures shardFigures(int shard, TaskType type, Instant now, Instant overdueBefore) {
    requireShard(shard, settings.shardCount());
    String key = RedisKeys.shardQueue(shard, requireType(type));
    byte[] raw = key.getBytes(StandardCharsets.UTF_8);
    double nowScore = QueueScores.score(now);
    double overdueScore = QueueScores.score(overdueBefore);
    List<Object> replies;
    try {
      replies =
          redis.executePipelined(
              (RedisCallback<Object>)
                  c -> {
                    var zset = c.zSetCommands();
                    zset.zCard(raw);
                    zset.zCount(raw, Double.NEGATIVE_INFINITY, nowScore);
                    zset.zCount(raw, Double.NEGATIVE_INFINITY, overdueScore);
                    zset.zRangeWithScores(raw, 0, 0);
                    return null;
                  });
    } catch (DataAccessException e) {
      throw new PollingQueueException(
          "figures of shard " + shard + " " + type.code() + " failed in Redis: " + e.getMessage(),
          e);
    }
    long due = number(replies.get(1));
    Instant oldest = due == 0 ? null : lowestScore(replies.get(3));
    return new ShardFigures(number(replies.get(0)), due, number(replies.get(2)), oldest);
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
   * Whether a manual {@code type} check of the card waits for a scheduler round or is being
   * published (in the trigger set), or still sits in the list older versions wrote.
   */
  public boolean manualPending(long cardId, TaskType type) {
    String key = RedisKeys.manualTriggers(requireType(type));
    String member = Long.toString(requireCardId(cardId));
    try {
      return redis.opsForZSet().score(key, member) != null
          || redis.opsForList().indexOf(RedisKeys.manualQueue(type), member) != null;
    } catch (DataAccessException e) {
      throw new PollingQueueException(
          "manual check of card " + cardId + " in " + key + " failed in Redis: " + e.getMessage(),
          e);
    }
  }

  public int shardCount() {
    return settings.shardCount();
  }

  private static long number(Object reply) {
    return reply instanceof Number n ? n.longValue() : 0;
  }

  private static Instant lowestScore(Object reply) {
    if (reply instanceof Set<?> tuples && !tuples.isEmpty()) {
      Object first = tuples.iterator().next();
      Double score =
          first instanceof ZSetOperations.TypedTuple<?> typed
              ? typed.getScore()
              : first instanceof Tuple tuple ? tuple.getScore() : null;
      if (score != null) {
        return Instant.ofEpochMilli(Math.round(score * 1000));
      }
    }
    return null;
  }
}
