package com.cmp.polling.stopresume.gateway;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Objects;

/**
 * A card's data usage as the carrier counts it.
 *
 * @param monthStart first day of the month the total belongs to
 * @param totalMb month-to-date total
 */
public record MonthToDateUsage(LocalDate monthStart, BigDecimal totalMb) {

  public MonthToDateUsage {
    Objects.requireNonNull(monthStart, "monthStart");
    Objects.requireNonNull(totalMb, "totalMb");
  }
}
