package com.cmp.polling.testsupport.redis;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The Redis server's clock, for tests of scripts that count per second of it (TIME): a test that
 * needs a few calls to fall within one server second starts them early in one.
 */
public final class RedisSeconds {

  /** How far into a second a test may start: the rest of it is left for its calls. */
  private static final long EARLY_MILLIS = 200;

  private RedisSeconds() {}

  /** Waits, at most a few seconds, until the server's clock is early in a second. */
  public static void awaitEarlyInASecond(StringRedisTemplate redis) {
    await("early in a second of the Redis server")
        .atMost(Duration.ofSeconds(3))
        .pollInterval(Duration.ofMillis(5))
        .until(() -> serverMillis(redis) % 1000 < EARLY_MILLIS);
  }

  /** The server's time, in milliseconds since the epoch. */
  public static long serverMillis(StringRedisTemplate redis) {
    Long millis =
        redis.execute((RedisCallback<Long>) connection -> connection.serverCommands().time());
    if (millis == null) {
      throw new IllegalStateException("Redis answered no TIME");
    }
    return millis;
  }
}
