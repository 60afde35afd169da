package com.cmp.polling.core.queue;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.connection.RedisPipelineException;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ZSetOperations.TypedTuple;

/**
 * Reads the figures of every shard queue of one task type in one pipeline: per shard ZCARD, ZCOUNT
 * up to now, ZCOUNT up to the overdue instant and the lowest score (ZRANGE 0 0). A leased card is
 * scored by its lease deadline, in the future, so the lowest score at or before now is the due time
 * of the longest-waiting due card. The one reader of these figures: back-pressure, the fleet
 * snapshot and the queue overview all go through it.
 *
 * <p>When a command of the pipeline fails (a shard key of the wrong type), Spring's pipeline
 * returns no reply at all; only then are the shards read one by one, to name the one that fails and
 * keep the others. A timeout or a lost connection fails every shard at once, with no retry.
 */
final class ShardFiguresReader {

  /** Commands sent per shard, in this order. */
  private static final int PER_SHARD = 4;

  private final StringRedisTemplate redis;
  private final int shardCount;

  ShardFiguresReader(StringRedisTemplate redis, int shardCount) {
    this.redis = redis;
    this.shardCount = shardCount;
  }

  /**
   * @param overdueBefore cards due at or before this instant count as overdue
   */
  QueueReading read(TaskType type, Instant now, Instant overdueBefore) {
    double nowScore = QueueScores.score(now);
    double overdueScore = QueueScores.score(overdueBefore);
    List<ShardFigures> shards = new ArrayList<>(shardCount);
    List<QueueReading.FailedShard> failed = new ArrayList<>();
    try {
      List<Object> replies = pipeline(type, 0, shardCount, nowScore, overdueScore);
      for (int shard = 0; shard < shardCount; shard++) {
        shards.add(figures(replies.subList(shard * PER_SHARD, (shard + 1) * PER_SHARD)));
      }
    } catch (RedisPipelineException e) {
      if (timedOut(e)) {
        failAll(shards, failed, 0, rootMessage(e));
      } else {
        readOneByOne(type, nowScore, overdueScore, shards, failed);
      }
    } catch (DataAccessException e) {
      failAll(shards, failed, 0, rootMessage(e));
    }
    return new QueueReading(type, now, shards, failed);
  }

  private void readOneByOne(
      TaskType type,
      double nowScore,
      double overdueScore,
      List<ShardFigures> shards,
      List<QueueReading.FailedShard> failed) {
    for (int shard = 0; shard < shardCount; shard++) {
      try {
        shards.add(figures(pipeline(type, shard, shard + 1, nowScore, overdueScore)));
      } catch (DataAccessException e) {
        if (timedOut(e)) {
          failAll(shards, failed, shard, rootMessage(e));
          return;
        }
        shards.add(null);
        failed.add(new QueueReading.FailedShard(shard, rootMessage(e)));
      }
    }
  }

  private List<Object> pipeline(
      TaskType type, int fromShard, int toShard, double nowScore, double overdueScore) {
    return redis.executePipelined(
        (RedisCallback<Object>)
            c -> {
              var zset = c.zSetCommands();
              for (int shard = fromShard; shard < toShard; shard++) {
                byte[] key = QueueCommands.bytes(RedisKeys.shardQueue(shard, type));
                zset.zCard(key);
                zset.zCount(key, Double.NEGATIVE_INFINITY, nowScore);
                zset.zCount(key, Double.NEGATIVE_INFINITY, overdueScore);
                zset.zRangeWithScores(key, 0, 0);
              }
              return null;
            });
  }

  private static ShardFigures figures(List<Object> replies) {
    long due = number(replies.get(1));
    Instant oldest = due == 0 ? null : lowestScore(replies.get(3));
    return new ShardFigures(number(replies.get(0)), due, number(replies.get(2)), oldest);
  }

  private void failAll(
      List<ShardFigures> shards, List<QueueReading.FailedShard> failed, int from, String error) {
    for (int shard = from; shard < shardCount; shard++) {
      shards.add(null);
      failed.add(new QueueReading.FailedShard(shard, error));
    }
  }

  private static boolean timedOut(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof QueryTimeoutException) {
        return true;
      }
      if (cause.getCause() == cause) {
        break;
      }
    }
    return false;
  }

  private static long number(Object reply) {
    return reply instanceof Number n ? n.longValue() : 0;
  }

  /** The score of a ZRANGE WITHSCORES reply's first tuple, as the instant it stands for. */
  private static Instant lowestScore(Object reply) {
    if (!(reply instanceof Collection<?> tuples) || tuples.isEmpty()) {
      return null;
    }
    Object first = tuples.iterator().next();
    Double score =
        first instanceof TypedTuple<?> typed
            ? typed.getScore()
            : first instanceof Tuple tuple ? tuple.getScore() : null;
    return score == null ? null : Instant.ofEpochMilli(Math.round(score * 1000));
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
  }
}
