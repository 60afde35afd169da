package com.cmp.polling.core.enrollment;

import com.cmp.polling.core.card.LastUsageChange;
import com.cmp.polling.core.card.MonthUsage;
import com.cmp.polling.core.packageusage.PackageAllowance;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.Optional;

/**
 * What is known of a card's data usage at one moment, as the usage-aware carddata intervals need
 * it: how much its packages still allow and how fast it uses data.
 *
 * @param readAt when it was known (the carddata check's reading)
 * @param limit whether a data limit applies to the card (through its own or its device's packages)
 * @param remainingMb for a limited card, the MB left before its packages are exhausted
 * @param rate its estimated consumption; null while none is known (its first reading)
 */
public record UsageOutlook(
    Instant readAt, PackageAllowance.Limit limit, BigDecimal remainingMb, UsageRate rate) {

  public UsageOutlook {
    Objects.requireNonNull(readAt, "readAt");
    Objects.requireNonNull(limit, "limit");
    Objects.requireNonNull(remainingMb, "remainingMb");
  }

  /**
   * The outlook of a card at {@code at}, from its counters (as its check left them, or as stored)
   * and its packages' allowance. Its rate is the largest of: its recent rate ({@link
   * LastUsageChange#mbPerHourAt}), its month-to-date average and, for a package its device's cards
   * share, that package's own consumption — so that a card whose device-mates use the package is
   * not taken for idle. No rate is known until the card's recent rate is: its first reading gives
   * none, however much its month total says.
   *
   * @param sharedByDevice whether the allowance is a device's, which every card of it uses
   */
  public static UsageOutlook of(
      MonthUsage counters, PackageAllowance allowance, boolean sharedByDevice, Instant at) {
    UsageRate rate = null;
    Optional<Double> recent =
        counters.lastChange() == null ? Optional.empty() : counters.lastChange().mbPerHourAt(at);
    if (recent.isPresent()) {
      rate = new UsageRate(recent.get(), UsageRate.Basis.RECENT);
      rate = larger(rate, monthAverage(counters, at), UsageRate.Basis.MONTH_AVERAGE);
      if (sharedByDevice) {
        rate = larger(rate, allowance.currentMbPerHourAt(at), UsageRate.Basis.SHARED_PACKAGE);
      }
    }
    return new UsageOutlook(at, allowance.limit(), allowance.remainingMb(), rate);
  }

  /** The month-to-date total over the time since the month began (UTC), when that is after it. */
  static Optional<Double> monthAverage(MonthUsage counters, Instant at) {
    if (counters.monthStart() == null) {
      return Optional.empty();
    }
    Instant monthBegan = counters.monthStart().atStartOfDay(ZoneOffset.UTC).toInstant();
    if (!at.isAfter(monthBegan)) {
      return Optional.empty();
    }
    double hours = Duration.between(monthBegan, at).toMillis() / 3.6e6;
    return Optional.of(counters.currentMonthUsageMb().doubleValue() / hours);
  }

  private static UsageRate larger(
      UsageRate current, Optional<Double> other, UsageRate.Basis basis) {
    return other.isPresent() && other.get() > current.mbPerHour()
        ? new UsageRate(other.get(), basis)
        : current;
  }
}
