package com.cmp.polling.core.enrollment;

import com.cmp.polling.core.enrollment.CarddataWait.Reason;
import com.cmp.polling.core.packageusage.PackageAllowance;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * The usage-aware carddata interval itself. After a carddata check, the next one is due at {@code
 * now + clamp(timeToLimit / headroomFactor, minInterval, maxInterval)}, where {@code timeToLimit}
 * is the MB the card's packages still allow over its estimated MB per hour ({@link UsageOutlook}):
 * a card nearing its limit is checked more and more often, one far from it or idle rarely. The
 * config's interval stays the fallback wherever nothing can be predicted. Pure: it reads only its
 * clock. Only {@link CardPlanner} applies it; others get it as a {@link CarddataIntervals}.
 */
final class UsageAwareRule implements CarddataIntervals {

  /** Beyond this, a limit time means nothing (and would overflow an instant). */
  private static final double LONGEST_PREDICTION_MS = Duration.ofDays(36_500).toMillis();

  private final UsageAwareSettings settings;
  private final Clock clock;

  UsageAwareRule(UsageAwareSettings settings, Clock clock) {
    this.settings = settings;
    this.clock = clock;
  }

  @Override
  public CarddataWait after(UsageOutlook outlook, boolean cardOnline, Duration configInterval) {
    Instant now = clock.instant();
    if (!settings.enabled()) {
      return fallback(now, configInterval, outlook, "usage-aware planning is off");
    }
    if (outlook == null) {
      return fallback(now, configInterval, null, "the check learnt nothing of its usage");
    }
    if (!cardOnline) {
      return fallback(now, configInterval, outlook, "the card is stopped and uses no data");
    }
    if (outlook.limit() == PackageAllowance.Limit.NONE) {
      return fallback(now, configInterval, outlook, "no package with a data limit");
    }
    if (outlook.limit() == PackageAllowance.Limit.UNLIMITED) {
      return fallback(now, configInterval, outlook, "an unlimited package");
    }
    if (outlook.remainingMb().signum() <= 0) {
      return decided(
          Reason.AT_LIMIT,
          now,
          settings.minInterval(),
          outlook.readAt(),
          outlook,
          "the packages' data is used up: checked again after the shortest wait");
    }
    if (outlook.rate() == null) {
      return fallback(now, configInterval, outlook, "no usage rate known yet (a first reading)");
    }
    double mbPerHour = outlook.rate().mbPerHour();
    if (mbPerHour == 0) {
      return decided(
          Reason.IDLE,
          now,
          settings.maxInterval(),
          null,
          outlook,
          "idle (no data used lately): checked again after the longest wait");
    }
    return predicted(now, outlook, mbPerHour);
  }

  private CarddataWait predicted(Instant now, UsageOutlook outlook, double mbPerHour) {
    double timeToLimitMs =
        Math.min(outlook.remainingMb().doubleValue() / mbPerHour * 3.6e6, LONGEST_PREDICTION_MS);
    Instant limitAt = outlook.readAt().plusMillis((long) timeToLimitMs);
    // The headroom: at headroomFactor times the estimated rate, the limit would come this soon.
    Instant limitWithHeadroom =
        outlook.readAt().plusMillis((long) (timeToLimitMs / settings.headroomFactor()));
    Duration wait = clamp(Duration.between(now, limitWithHeadroom));
    String why =
        String.format(
            Locale.ROOT,
            "at %.1f MB/h (%s) the %s MB left run out in %s; planned as if at %s times that"
                + " rate: %s",
            mbPerHour,
            outlook.rate().basis().words(),
            outlook.remainingMb().stripTrailingZeros().toPlainString(),
            CarddataWait.inWords(Duration.ofMillis((long) timeToLimitMs)),
            headroom(),
            CarddataWait.inWords(Duration.between(outlook.readAt(), limitWithHeadroom)));
    return decided(Reason.PREDICTED, now, wait, limitAt, outlook, why);
  }

  private Duration clamp(Duration wait) {
    if (wait.compareTo(settings.minInterval()) < 0) {
      return settings.minInterval();
    }
    return wait.compareTo(settings.maxInterval()) > 0 ? settings.maxInterval() : wait;
  }

  private String headroom() {
    double factor = settings.headroomFactor();
    return factor == Math.rint(factor)
        ? Long.toString((long) factor)
        : String.format(Locale.ROOT, "%.2f", factor);
  }

  private static CarddataWait fallback(
      Instant now, Duration configInterval, UsageOutlook outlook, String cause) {
    return decided(Reason.CONFIG, now, configInterval, null, outlook, "config interval: " + cause);
  }

  private static CarddataWait decided(
      Reason reason,
      Instant now,
      Duration delay,
      Instant limitAt,
      UsageOutlook outlook,
      String why) {
    return new CarddataWait(reason, delay, now.plus(delay), limitAt, outlook, why);
  }
}
