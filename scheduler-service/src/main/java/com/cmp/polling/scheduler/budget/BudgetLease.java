package com.cmp.polling.scheduler.budget;

import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.core.redis.RedisKeys;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Which scheduler instance computes the carrier budgets: the one whose id {@link
 * RedisKeys#BUDGET_LOCK} holds. The holder renews the lease at each of its runs, so it keeps the
 * computation while it lives and runs; the others find the lease taken and only read what it
 * published. When the holder stops it gives the lease up, and when it dies the lease expires, so
 * another instance takes over at its next run.
 *
 * <p>Not one of the operation locks: those are held by a thread for the span of one action and
 * refuse a second taking by the same thread, where this lease is held by the instance from one run
 * to the next.
 */
final class BudgetLease {

  private static final RedisScript<Long> TAKE =
      LuaScripts.load("com/cmp/polling/scheduler/budget/take_budget_lease.lua", Long.class);
  private static final RedisScript<Long> RELEASE =
      LuaScripts.load("com/cmp/polling/scheduler/budget/release_budget_lease.lua", Long.class);

  private final StringRedisTemplate redis;
  private final String holder = "budget-stretcher-" + UUID.randomUUID();
  private final Duration lifetime;

  /**
   * @param lifetime how long the lease outlives its holder's last run: longer than the time between
   *     two runs, so that the holder keeps it
   */
  BudgetLease(StringRedisTemplate redis, Duration lifetime) {
    this.redis = redis;
    this.lifetime = lifetime;
  }

  /** Takes the lease, or renews it when this instance holds it; false when another holds it. */
  boolean take() {
    Long taken =
        redis.execute(
            TAKE,
            List.of(RedisKeys.BUDGET_LOCK),
            holder,
            Long.toString(Math.max(1, lifetime.toMillis())));
    return taken != null && taken == 1;
  }

  /** Gives the lease up if this instance holds it. */
  void release() {
    redis.execute(RELEASE, List.of(RedisKeys.BUDGET_LOCK), holder);
  }
}
