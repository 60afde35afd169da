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
 */
public record MonthUsage(
    LocalDate monthStart, BigDecimal currentMonthUsageMb, BigDecimal lastMonthTotalMb) {

  /** The counters of a card that has had no usage sample yet. */
  public static final MonthUsage NONE = new MonthUsage(null, BigDecimal.ZERO, BigDecimal.ZERO);

  public MonthUsage {
    Objects.requireNonNull(currentMonthUsageMb, "currentMonthUsageMb");
    Objects.requireNonNull(lastMonthTotalMb, "lastMonthTotalMb");
  }
}
