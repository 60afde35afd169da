package com.cmp.polling.core.card;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Objects;

/**
 * A card's usage counters for month accounting, kept in {@code tb_card_month_usage}.
 *
 * @param monthStart first day of the month the counter belongs to (null before the first sample)
 * @param currentMonthUsageMb month-to-date total reported by the carrier
 * @param lastMonthTotalMb the previous month's final total
 * @param lastChange when and by how much the total last moved; null when not known (no sample yet,
 *     or none since these times were kept). Not one of the counters: {@link #sameCounters} leaves
 *     it out.
 */
public record MonthUsage(
    LocalDate monthStart,
    BigDecimal currentMonthUsageMb,
    BigDecimal lastMonthTotalMb,
    LastUsageChange lastChange) {

  /** The counters of a card that has had no usage sample yet. */
  public static final MonthUsage NONE = new MonthUsage(null, BigDecimal.ZERO, BigDecimal.ZERO);

  public MonthUsage {
    Objects.requireNonNull(currentMonthUsageMb, "currentMonthUsageMb");
    Objects.requireNonNull(lastMonthTotalMb, "lastMonthTotalMb");
  }

  /** Counters whose last change is not known. */
  public MonthUsage(
      LocalDate monthStart, BigDecimal currentMonthUsageMb, BigDecimal lastMonthTotalMb) {
    this(monthStart, currentMonthUsageMb, lastMonthTotalMb, null);
  }

  /** These counters, moved at {@code change}. */
  public MonthUsage changedAt(LastUsageChange change) {
    return new MonthUsage(monthStart, currentMonthUsageMb, lastMonthTotalMb, change);
  }

  /** Whether the three counters are equal (numbers by value), whatever the last change says. */
  public boolean sameCounters(MonthUsage other) {
    return Objects.equals(monthStart, other.monthStart)
        && currentMonthUsageMb.compareTo(other.currentMonthUsageMb) == 0
        && lastMonthTotalMb.compareTo(other.lastMonthTotalMb) == 0;
  }
}
