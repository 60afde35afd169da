package com.cmp.polling.handlers.carddata;

import com.cmp.polling.core.card.MonthUsage;
import com.cmp.polling.stopresume.gateway.MonthToDateUsage;
import java.math.BigDecimal;

/**
 * Month accounting of a carddata sample (docs/architecture.md, "The rules", seed 004 decision 13):
 * the carrier reports the month-to-date total; what was used since the last sample is the delta.
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
