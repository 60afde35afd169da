package com.cmp.polling.core.card;

import com.cmp.polling.core.jdbc.Rows;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

/**
 * The columns of {@code tb_card_month_usage} that make a {@link MonthUsage}, read the same way
 * wherever a statement selects them: the month usage store, and the card store's read of one card.
 */
public final class MonthUsageRows {

  private static final String[] COLUMNS = {
    "month_start",
    "current_month_usage_mb",
    "last_month_total_mb",
    "changed_at",
    "last_change_mb",
    "last_change_since"
  };

  private MonthUsageRows() {}

  /**
   * The columns {@link #read} needs, each qualified by {@code alias} (the card table still has
   * frozen columns of the same names).
   */
  public static String columns(String alias) {
    StringBuilder list = new StringBuilder();
    for (String column : COLUMNS) {
      list.append(list.isEmpty() ? "" : ", ").append(alias).append('.').append(column);
    }
    return list.toString();
  }

  /**
   * The counters of the current row; {@link MonthUsage#NONE} where the card has no row (an outer
   * join found none).
   */
  public static MonthUsage read(ResultSet rs) throws SQLException {
    BigDecimal current = rs.getBigDecimal("current_month_usage_mb");
    if (current == null) {
      return MonthUsage.NONE;
    }
    Instant changedAt = Rows.instant(rs, "changed_at");
    BigDecimal changeMb = rs.getBigDecimal("last_change_mb");
    LastUsageChange lastChange =
        changedAt == null || changeMb == null
            ? null
            : new LastUsageChange(changedAt, changeMb, Rows.instant(rs, "last_change_since"));
    return new MonthUsage(
        Rows.date(rs, "month_start"), current, rs.getBigDecimal("last_month_total_mb"), lastChange);
  }
}
