package com.cmp.polling.handlers.carddata;

import com.cmp.polling.core.card.LastUsageChange;
import com.cmp.polling.core.card.MonthUsage;
import com.cmp.polling.stopresume.gateway.MonthToDateUsage;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;

/**
 * Month accounting of a carddata sample: the carrier reports the month-to-date total; what was used
 * since the last sample is the delta. A later month closes the current one (its total is kept as
 * last month's, the counter restarts at the carrier's total, which is the delta); in the same month
 * the delta is the total minus the stored one, negative for a carrier's correction (recorded, never
 * deducted); an older month than the card's is ignored.
 */
final class MonthAccounting {

  /**
   * @param counters the card's counters after the sample
   * @param delta usage since the previous sample; negative for a carrier correction
   * @param newMonth whether the sample opened a new month
   * @param stale whether the carrier reported a month older than the card's: ignored
   */
  record Sample(MonthUsage counters, BigDecimal delta, boolean newMonth, boolean stale) {}

  private MonthAccounting() {}

  /**
   * Whether {@code after} differs from {@code before}: a check whose counters stay as they were
   * (the same month, the same total) has nothing to write.
   */
  static boolean changes(MonthUsage before, MonthUsage after) {
    return !before.sameCounters(after);
  }

  /**
   * The sample's counters, stamped with their move seen at {@code at}: by the usage it found (none
   * for a correction downwards), used since the counters' previous move, or since the month began
   * when the sample opened a new month after it (the new total was all used in the new month).
   * Without a previous move known (a first sample), the span is not known either.
   */
  static MonthUsage stamped(MonthUsage current, Sample sample, Instant at) {
    Instant since = current.lastChange() == null ? null : current.lastChange().at();
    if (since != null && sample.newMonth()) {
      Instant monthBegan = sample.counters().monthStart().atStartOfDay(ZoneOffset.UTC).toInstant();
      since = monthBegan.isAfter(since) ? monthBegan : since;
    }
    BigDecimal used = sample.delta().signum() > 0 ? sample.delta() : BigDecimal.ZERO;
    return sample.counters().changedAt(new LastUsageChange(at, used, since));
  }

  static Sample account(MonthUsage current, MonthToDateUsage reported) {
    if (current.monthStart() == null || reported.monthStart().isAfter(current.monthStart())) {
      // New month: the finished month's total is kept, the counter restarts at the carrier's.
      BigDecimal lastMonth =
          current.monthStart() == null ? current.lastMonthTotalMb() : current.currentMonthUsageMb();
      return new Sample(
          new MonthUsage(reported.monthStart(), reported.totalMb(), lastMonth),
          reported.totalMb(),
          true,
          false);
    }
    if (reported.monthStart().isBefore(current.monthStart())) {
      return new Sample(current, BigDecimal.ZERO, false, true);
    }
    return new Sample(
        new MonthUsage(current.monthStart(), reported.totalMb(), current.lastMonthTotalMb()),
        reported.totalMb().subtract(current.currentMonthUsageMb()),
        false,
        false);
  }
}
