package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueCommands.call;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ZSetOperations.TypedTuple;

/**
 * Reads a task type's {@link Backlog} in one pipeline: per shard a ZCOUNT up to now and the lowest
 * score (ZRANGE 0 0). A leased card is scored by its lease deadline, in the future, so the lowest
 * score at or before now is that of the longest-waiting due card.
 */
final class BacklogReader {

  private final StringRedisTemplate redis;
  private final int shardCount;

  BacklogReader(StringRedisTemplate redis, int shardCount) {
    this.redis = redis;
    this.shardCount = shardCount;
  }

  Backlog read(TaskType type, Instant now) {
    double until = QueueScores.score(now);
    List<Object> replies =
        call(
            "backlog of " + type.code(),
            () ->
                redis.executePipelined(
                    (RedisCallback<Object>)
                        c -> {
                          for (int shard = 0; shard < shardCount; shard++) {
                            byte[] key = QueueCommands.bytes(RedisKeys.shardQueue(shard, type));
                            c.zSetCommands().zCount(key, Double.NEGATIVE_INFINITY, until);
                            c.zSetCommands().zRangeWithScores(key, 0, 0);
                          }
                          return null;
                        }));
    long due = 0;
    Double lowest = null;
    for (int shard = 0; shard < shardCount; shard++) {
      due += ((Number) replies.get(2 * shard)).longValue();
      Double score = lowestScore(replies.get(2 * shard + 1));
      if (score != null && score <= until && (lowest == null || score < lowest)) {
        lowest = score;
      }
    }
    return new Backlog(
        now, due, lowest == null ? null : Instant.ofEpochMilli(Math.round(lowest * 1000)));
  }

  private static Double lowestScore(Object reply) {
    if (!(reply instanceof Collection<?> tuples) || tuples.isEmpty()) {
      return null;
    }
    Object first = tuples.iterator().next();
    if (first instanceof TypedTuple<?> typed) {
      return typed.getScore();
    }
    return first instanceof Tuple tuple ? tuple.getScore() : null;
  }
}
