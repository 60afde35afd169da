package com.cmp.polling.benchmarks.queue;

import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/** A way of taking due cards out of a shard queue, to compare against each other. */
interface DequeueStrategy {

  String name();

  List<Long> dequeue(int shard, int batch);

  /** Ours: the Lua lease through {@link PollingQueueManager}. */
  static DequeueStrategy lease(PollingQueueManager queues, TaskType type) {
    return new DequeueStrategy() {
      @Override
      public String name() {
        return "lease (Lua ZRANGEBYSCORE + one ZADD XX), PollingQueueManager";
      }

      @Override
      public List<Long> dequeue(int shard, int batch) {
        return queues.dequeueReady(shard, type, batch).stream().map(CardEntry::cardId).toList();
      }
    };
  }

  /** The seed's fix: an atomic Lua read-and-remove (consumes the card). */
  static DequeueStrategy atomicRemove(StringRedisTemplate redis, TaskType type) {
    // Written for this comparison: same semantics as the seed's script (read due ids, remove them).
    RedisScript<List> script =
        RedisScript.of(
            """
            local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
            if #ids > 0 then redis.call('ZREM', KEYS[1], unpack(ids)) end
            return ids
            """,
            List.class);
    return new DequeueStrategy() {
      @Override
      public String name() {
        return "seed fix: Lua ZRANGEBYSCORE + ZREM (card removed)";
      }

      @Override
      @SuppressWarnings("unchecked")
      public List<Long> dequeue(int shard, int batch) {
        List<String> ids =
            redis.execute(
                script,
                List.of(RedisKeys.shardQueue(shard, type)),
                nowSeconds(),
                Integer.toString(batch));
        return ids.stream().map(Long::valueOf).toList();
      }
    };
  }

  /** The seed's original: two separate commands, the removal without a limit. */
  static DequeueStrategy twoStep(StringRedisTemplate redis, TaskType type) {
    return new DequeueStrategy() {
      @Override
      public String name() {
        return "seed original: ZRANGEBYSCORE LIMIT, then ZREMRANGEBYSCORE";
      }

      @Override
      public List<Long> dequeue(int shard, int batch) {
        String key = RedisKeys.shardQueue(shard, type);
        double now = Double.parseDouble(nowSeconds());
        Set<String> ids =
            redis.opsForZSet().rangeByScore(key, Double.NEGATIVE_INFINITY, now, 0, batch);
        redis.opsForZSet().removeRangeByScore(key, Double.NEGATIVE_INFINITY, now);
        List<Long> result = new ArrayList<>(ids == null ? 0 : ids.size());
        if (ids != null) {
          ids.forEach(id -> result.add(Long.valueOf(id)));
        }
        return result;
      }
    };
  }

  private static String nowSeconds() {
    return Long.toString(System.currentTimeMillis() / 1000);
  }
}
