package com.cmp.polling.simulator.behaviour;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.springframework.stereotype.Component;

/**
 * What each carrier account allows: calls per second (a {@link TokenBucket} per account) and calls
 * per day (a count per UTC day of the simulator's clock, back to zero at midnight). A call the rate
 * refuses is not counted against the day; a call the quota refuses takes no token either.
 */
@Component
public class AccountLimits {

  private final Clock clock;
  private final ConcurrentMap<String, TokenBucket> rates = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, DayCount> days = new ConcurrentHashMap<>();

  public AccountLimits(Clock clock) {
    this.clock = clock;
  }

  /** Why a call of the account was refused. */
  public enum Refusal {
    RATE_LIMITED,
    QUOTA_EXCEEDED
  }

  /** A refusal, and how long until the account may be called again. */
  public record Refused(Refusal refusal, Duration retryAfter) {}

  /**
   * Admits one call of the account if its rate and its day's quota allow, and counts it.
   *
   * @return empty when admitted
   */
  public Optional<Refused> tryAdmit(String name, Account account) {
    Instant now = clock.instant();
    if (account.callsPerDay() != null && used(name, now) >= account.callsPerDay()) {
      return Optional.of(new Refused(Refusal.QUOTA_EXCEEDED, untilMidnight(now)));
    }
    if (account.callsPerSecond() != null) {
      int limit = account.callsPerSecond();
      TokenBucket bucket =
          rates.compute(
              name,
              (key, existing) ->
                  existing == null || existing.limit() != limit
                      ? new TokenBucket(limit, now)
                      : existing);
      Optional<Duration> wait = bucket.tryTake(now);
      if (wait.isPresent()) {
        return Optional.of(new Refused(Refusal.RATE_LIMITED, wait.get()));
      }
    }
    if (account.callsPerDay() != null && !countWithin(name, now, account.callsPerDay())) {
      return Optional.of(new Refused(Refusal.QUOTA_EXCEEDED, untilMidnight(now)));
    }
    return Optional.empty();
  }

  /** Every account starts again with a full bucket and nothing used today. */
  public void reset() {
    rates.clear();
    days.clear();
  }

  private long used(String name, Instant now) {
    DayCount count = days.get(name);
    return count == null || !count.day().equals(day(now)) ? 0 : count.used();
  }

  /** Counts one call of today, unless the quota is used up (a concurrent call took the last). */
  private boolean countWithin(String name, Instant now, long quota) {
    LocalDate today = day(now);
    boolean[] counted = new boolean[1];
    days.compute(
        name,
        (key, count) -> {
          long used = count == null || !count.day().equals(today) ? 0 : count.used();
          counted[0] = used < quota;
          return new DayCount(today, counted[0] ? used + 1 : used);
        });
    return counted[0];
  }

  private static LocalDate day(Instant now) {
    return LocalDate.ofInstant(now, ZoneOffset.UTC);
  }

  private static Duration untilMidnight(Instant now) {
    return Duration.between(now, day(now).plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
  }

  private record DayCount(LocalDate day, long used) {}
}
