package com.cmp.polling.core.budget;

import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.core.redis.RedisKeys;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The carrier accounts' call budgets in Redis, shared by every process: each carrier call (single
 * or batch, one call) spends one from its account's second and its day (spend_call_budget.lua).
 * Regular checks spend only the account's unreserved share; manual checks and stop/resume actions
 * may spend all of it, so that an operator's check and a stop still get through when the regular
 * checks have used theirs. The second is the Redis server's, shared by every process whatever their
 * clocks; the UTC day is this process's (its clock picks the day's counter), so a skew between
 * processes only decides, around midnight, which day a few calls count against.
 */
public class CallBudget {

  private static final RedisScript<Long> SPEND =
      LuaScripts.load("com/cmp/polling/core/budget/scripts/spend_call_budget.lua", Long.class);

  /** Who spends: what part of an account they may use. */
  public enum Share {
    /** Scheduled checks: the account less its reserved share. */
    REGULAR,
    /** Manual checks and stop/resume actions: the whole account. */
    WHOLE
  }

  /** What a spend did. */
  public enum Spent {
    /** One call spent. */
    SPENT,
    /** The carrier has no account: nothing to spend, the call may go. */
    NO_ACCOUNT,
    /** Refused: this second's share is spent. */
    SECOND_SPENT,
    /** Refused: today's share is spent. */
    DAY_SPENT;

    /** Whether the call may be made. */
    public boolean allowed() {
      return this == SPENT || this == NO_ACCOUNT;
    }
  }

  private final StringRedisTemplate redis;
  private final CarrierAccounts accounts;
  private final Clock clock;

  public CallBudget(StringRedisTemplate redis, CarrierAccounts accounts, Clock clock) {
    this.redis = redis;
    this.accounts = accounts;
    this.clock = clock;
  }

  public CarrierAccounts accounts() {
    return accounts;
  }

  /**
   * Spends one call to the carrier from its account, if {@code share} has any left now.
   *
   * @throws org.springframework.dao.DataAccessException when Redis does not answer
   */
  public Spent trySpend(long carrierId, Share share) {
    Optional<CarrierAccount> account = accounts.of(carrierId);
    if (account.isEmpty()) {
      return Spent.NO_ACCOUNT;
    }
    CarrierAccount.Limits limits = account.get().limits(share);
    Instant now = clock.instant();
    Long result =
        redis.execute(
            SPEND,
            List.of(
                RedisKeys.budgetSecond(account.get().name()),
                RedisKeys.budgetDay(account.get().name(), day(now))),
            Long.toString(limits.perSecond()),
            limits.perDay() == null ? "-1" : Long.toString(limits.perDay()),
            "2000",
            Long.toString(2 * 86_400));
    if (result == null) {
      throw new IllegalStateException("spend_call_budget.lua answered nothing");
    }
    return switch (result.intValue()) {
      case 0 -> Spent.SPENT;
      case 1 -> Spent.SECOND_SPENT;
      default -> Spent.DAY_SPENT;
    };
  }

  /** The calls the account has spent today (UTC), by every process. */
  public long spentToday(CarrierAccount account) {
    String value =
        redis.opsForValue().get(RedisKeys.budgetDay(account.name(), day(clock.instant())));
    return value == null ? 0 : Long.parseLong(value);
  }

  private static LocalDate day(Instant at) {
    return LocalDate.ofInstant(at, ZoneOffset.UTC);
  }
}
