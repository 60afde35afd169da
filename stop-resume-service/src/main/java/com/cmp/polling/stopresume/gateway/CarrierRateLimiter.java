package com.cmp.polling.stopresume.gateway;

import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.core.redis.RedisKeys;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Per-carrier limits on gateway calls, shared by every process through Redis: carrier APIs allow
 * only a few to a few dozen calls per second per account, whoever makes them. A caller waits for
 * its slot; when the wait would be longer than {@code maxWait} it gets a retryable failure instead
 * (the check is tried again later).
 */
public class CarrierRateLimiter {

  private static final RedisScript<Long> RESERVE =
      LuaScripts.load(
          "com/cmp/polling/stopresume/gateway/scripts/reserve_carrier_slot.lua", Long.class);

  private final StringRedisTemplate redis;
  private final Map<Long, Integer> perSecond;
  private final Integer defaultPerSecond;
  private final Duration maxWait;

  /**
   * @param perSecond calls per second allowed per carrier id
   * @param defaultPerSecond the limit of carriers not listed; null: unlimited
   */
  public CarrierRateLimiter(
      StringRedisTemplate redis,
      Map<Long, Integer> perSecond,
      Integer defaultPerSecond,
      Duration maxWait) {
    perSecond.forEach(CarrierRateLimiter::requirePositive);
    if (defaultPerSecond != null) {
      requirePositive(0L, defaultPerSecond);
    }
    this.redis = redis;
    this.perSecond = Map.copyOf(perSecond);
    this.defaultPerSecond = defaultPerSecond;
    this.maxWait = maxWait;
  }

  /**
   * Waits until the carrier may be called.
   *
   * @throws GatewayUnavailableException when the next slot is too far away or Redis cannot tell
   */
  public void acquire(long carrierId, String operation) {
    Integer limit = perSecond.getOrDefault(carrierId, defaultPerSecond);
    if (limit == null) {
      return;
    }
    Long waitMicros;
    try {
      waitMicros =
          redis.execute(
              RESERVE,
              List.of(RedisKeys.carrierRateLimit(carrierId)),
              Long.toString(1_000_000L / limit),
              Long.toString(maxWait.toNanos() / 1000));
    } catch (DataAccessException e) {
      throw new GatewayUnavailableException(
          operation + ": rate limiter of carrier " + carrierId + " unavailable in Redis", e);
    }
    if (waitMicros == null || waitMicros < 0) {
      throw new GatewayUnavailableException(
          operation
              + ": carrier "
              + carrierId
              + " is at its limit of "
              + limit
              + " calls/s for longer than "
              + maxWait.toMillis()
              + " ms",
          null);
    }
    if (waitMicros > 0) {
      try {
        TimeUnit.MICROSECONDS.sleep(waitMicros);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new GatewayUnavailableException(operation + ": interrupted waiting for a slot", e);
      }
    }
  }

  private static void requirePositive(Long carrierId, Integer limit) {
    if (limit == null || limit <= 0) {
      throw new IllegalArgumentException(
          "rate limit of carrier "
              + carrierId
              + " must be a positive number of calls/s, was "
              + limit);
    }
  }
}
