package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueCommands.call;

import com.cmp.polling.core.redis.RedisKeys;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The shard count the polling queues were built with, kept in Redis ({@code
 * polling:queue:shard-count}). A card lives in shard {@code id % shardCount}: a process configured
 * with another count would complete, requeue and remove cards in the wrong shards and strand the
 * others, so it must not start.
 */
public final class ShardCountMarker {

  /** Where the README tells how to change the shard count. */
  static final String PROCEDURE = "README, section 'Changing the shard count'";

  private final StringRedisTemplate redis;
  private final int shardCount;

  public ShardCountMarker(StringRedisTemplate redis, QueueSettings settings) {
    this.redis = redis;
    this.shardCount = settings.shardCount();
  }

  /**
   * At start-up: records the configured count if no count is recorded yet (SET NX), else compares.
   *
   * @throws IllegalStateException naming both counts and the README procedure when they differ
   */
  public void verify() {
    int configured = shardCount;
    String value = Integer.toString(configured);
    Boolean first =
        call(
            "record the shard count",
            () -> redis.opsForValue().setIfAbsent(RedisKeys.SHARD_COUNT, value));
    if (Boolean.TRUE.equals(first)) {
      return;
    }
    String recorded =
        call("read the shard count", () -> redis.opsForValue().get(RedisKeys.SHARD_COUNT));
    if (recorded != null && !recorded.equals(value)) {
      throw new IllegalStateException(
          "cmp.polling.queue.shard-count is "
              + configured
              + " but the polling queues in Redis were built with "
              + recorded
              + " shards ("
              + RedisKeys.SHARD_COUNT
              + "): started like this, cards would be looked for in the wrong shards and left"
              + " behind in the others. Configure "
              + recorded
              + " shards, or rebuild the queues with "
              + configured
              + " as described in the "
              + PROCEDURE);
    }
  }

  /** Records the configured count whatever was recorded: the queues were just rebuilt with it. */
  public void record() {
    call(
        "record the shard count",
        () -> {
          redis.opsForValue().set(RedisKeys.SHARD_COUNT, Integer.toString(shardCount));
          return null;
        });
  }
}
