package com.cmp.polling.core.enrollment;

import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * How much further apart the next checks of each carrier's cards are planned, because the calls
 * their configured intervals need exceed what the carrier's account allows: the factors the
 * scheduler publishes in Redis ({@link RedisKeys#BUDGET_STRETCHES}), read again at most every
 * {@code refresh}. A check due {@code d} from now is planned {@code d x factor} from now instead;
 * checks of carriers without a factor stay as planned. Only carriers of an account configured in
 * this process are stretched: a factor left in Redis for a carrier whose account was removed (by a
 * scheduler still running the old configuration, say) is ignored. When Redis cannot be read the
 * factors last read stay in force.
 */
public class IntervalStretches {

  /** No stretches: every check at its planned time. */
  public static final IntervalStretches NONE =
      new IntervalStretches(null, Set.of(), Clock.systemUTC(), null);

  private static final Logger log = LoggerFactory.getLogger(IntervalStretches.class);

  private final StringRedisTemplate redis;
  private final Set<Long> inAnAccount;
  private final Clock clock;
  private final Duration refresh;
  private volatile Map<Long, Double> factors = Map.of();
  private volatile Instant readAt = Instant.MIN;

  /**
   * @param inAnAccount the carriers of the accounts configured here: those that may be stretched
   * @param refresh how long the factors read are used before Redis is asked again
   */
  public IntervalStretches(
      StringRedisTemplate redis, Set<Long> inAnAccount, Clock clock, Duration refresh) {
    this.redis = redis;
    this.inAnAccount = Set.copyOf(inAnAccount);
    this.clock = clock;
    this.refresh = refresh;
  }

  /** The factor of the carrier's intervals now: 1 when it is not stretched. */
  public double of(long carrierId) {
    if (redis == null) {
      return 1.0;
    }
    return current().getOrDefault(carrierId, 1.0);
  }

  /** The largest factor of any carrier now: 1 when none is stretched. */
  public double largest() {
    if (redis == null) {
      return 1.0;
    }
    double largest = 1.0;
    for (double factor : current().values()) {
      largest = Math.max(largest, factor);
    }
    return largest;
  }

  /**
   * {@code plan} with each check's wait from now stretched by the carrier's factor. Protect checks
   * keep their time: they enforce a protection period an operator set, and the budget's arithmetic
   * does not count them.
   */
  EnrollmentPlan stretched(EnrollmentPlan plan, long carrierId) {
    return stretched(plan, carrierId, Instant.MAX);
  }

  /**
   * {@link #stretched(EnrollmentPlan, long)}, but no check is put later than {@code notAfter} by
   * the stretch: min(stretched, notAfter), and never earlier than planned.
   */
  EnrollmentPlan stretched(EnrollmentPlan plan, long carrierId, Instant notAfter) {
    double factor = of(carrierId);
    if (factor <= 1.0 || plan.checks().isEmpty()) {
      return plan;
    }
    Instant now = clock.instant();
    List<ScheduledCheck> checks = new ArrayList<>(plan.checks().size());
    for (ScheduledCheck check : plan.checks()) {
      Duration wait = Duration.between(now, check.nextCheckAt());
      if (wait.isNegative() || check.taskType() == TaskType.PROTECT) {
        checks.add(check);
        continue;
      }
      Instant later = now.plusMillis(Math.round(wait.toMillis() * factor));
      if (later.isAfter(notAfter)) {
        later = notAfter.isAfter(check.nextCheckAt()) ? notAfter : check.nextCheckAt();
      }
      checks.add(new ScheduledCheck(check.cardId(), check.taskType(), later));
    }
    return new EnrollmentPlan(
        plan.cardId(), plan.config(), checks, plan.notPolled(), plan.skipReason());
  }

  private Map<Long, Double> current() {
    Instant now = clock.instant();
    if (Duration.between(readAt, now).compareTo(refresh) < 0) {
      return factors;
    }
    synchronized (this) {
      if (Duration.between(readAt, now).compareTo(refresh) >= 0) {
        readAt = now;
        try {
          Map<Long, Double> read = new HashMap<>();
          redis
              .<String, String>opsForHash()
              .entries(RedisKeys.BUDGET_STRETCHES)
              .forEach(
                  (carrier, factor) -> {
                    long carrierId = Long.parseLong(carrier);
                    if (inAnAccount.contains(carrierId)) {
                      read.put(carrierId, Double.valueOf(factor));
                    }
                  });
          factors = Map.copyOf(read);
        } catch (DataAccessException | NumberFormatException e) {
          log.warn(
              "interval stretches not read from Redis ({}); planning with those read before",
              e.getMessage());
        }
      }
    }
    return factors;
  }
}
