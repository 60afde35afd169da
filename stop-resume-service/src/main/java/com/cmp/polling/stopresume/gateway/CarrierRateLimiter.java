package com.cmp.polling.stopresume.gateway;

import com.cmp.polling.core.budget.CarrierAccount;
import com.cmp.polling.core.budget.CarrierAccounts;
import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.core.redis.RedisKeys;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Per-carrier limits on gateway calls, shared by every process through Redis: carrier APIs allow
 * only a few to a few dozen calls per second per account, whoever makes them. A caller waits for
 * its slot; when the wait would be longer than {@code maxWait} it gets a retryable failure instead
 * (the check is tried again later).
 *
 * <p>Kept hand-written (one Lua call, reserve_carrier_slot.lua) rather than Bucket4j's Redis
 * backend (Lettuce, compare-and-swap), by measurement: JMH {@code CarrierRateLimitBenchmark} in the
 * benchmarks module, one slot of one carrier under a limit nobody waits for (docs/benchmarks.md,
 * "Hand-written pieces against libraries"). Per slot, ours against Bucket4j: 83 against 207 µs on
 * one thread, 155 against 892 µs on 4, 604 against 5,814 µs on 16 — one JVM gets about 26,000
 * slots/s from ours whatever its threads, from Bucket4j 4,500/s on 4 threads and 2,750/s on 16, as
 * its compare-and-swaps on the one key are retried. Every carrier call of the check handlers (64 to
 * 128 workers, 2,000 checks/s per instance targeted) passes here, so that ceiling is more than we
 * can afford. Bucket4j also reads the callers' clocks; the script reads Redis's.
 */
public class CarrierRateLimiter {

  private static final RedisScript<Long> RESERVE =
      LuaScripts.load(
          "com/cmp/polling/stopresume/gateway/scripts/reserve_carrier_slot.lua", Long.class);

  private final StringRedisTemplate redis;
  private final Map<Long, Integer> perSecond;
  private final Integer defaultPerSecond;
  private final Duration maxWait;
  private final CarrierAccounts accounts;

  /**
   * @param perSecond calls per second allowed per carrier id
   * @param defaultPerSecond the limit of carriers not listed; null: unlimited
   */
  public CarrierRateLimiter(
      StringRedisTemplate redis,
      Map<Long, Integer> perSecond,
      Integer defaultPerSecond,
      Duration maxWait) {
    this(redis, perSecond, defaultPerSecond, maxWait, CarrierAccounts.NONE);
  }

  /**
   * @param accounts the carrier accounts: the carriers of one share one limit, the account's calls
   *     per second, in place of their own
   */
  public CarrierRateLimiter(
      StringRedisTemplate redis,
      Map<Long, Integer> perSecond,
      Integer defaultPerSecond,
      Duration maxWait,
      CarrierAccounts accounts) {
    this.accounts = accounts;
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
    Optional<CarrierAccount> account = accounts.of(carrierId);
    Integer limit =
        account.isPresent()
            ? Integer.valueOf(account.get().callsPerSecond())
            : perSecond.getOrDefault(carrierId, defaultPerSecond);
    if (limit == null) {
      return;
    }
    String key =
        account.isPresent()
            ? RedisKeys.accountRateLimit(account.get().name())
            : RedisKeys.carrierRateLimit(carrierId);
    Long waitMicros;
    try {
      waitMicros =
          redis.execute(
              RESERVE,
              List.of(key),
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
