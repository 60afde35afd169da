package com.cmp.polling.core.packageusage;

import com.cmp.polling.core.jdbc.Rows;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The allowances of many owners at once ({@link PackageRule#allowancePerOwner}): one statement per
 * kind of owner, as the carddata check reads them for a poll's cards after their deductions.
 */
final class PackageAllowances {

  private static final Map<PackageOwner.Kind, String> ALLOWANCES =
      new EnumMap<>(PackageOwner.Kind.class);

  static {
    for (PackageOwner.Kind kind : PackageOwner.Kind.values()) {
      ALLOWANCES.put(
          kind,
          "SELECT * FROM ("
              + PackageRule.allowancePerOwner(kind)
              + ") a WHERE a.owner_id = ANY(?)");
    }
  }

  private final JdbcClient jdbc;

  PackageAllowances(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  Map<PackageOwner, PackageAllowance> of(Collection<PackageOwner> owners) {
    return PackageStatementsForMany.perOwner(
        jdbc, ALLOWANCES, owners, PackageAllowances::read, PackageAllowance.NONE);
  }

  private static PackageAllowance read(ResultSet rs, int row) throws SQLException {
    boolean unlimited = rs.getBoolean("unlimited");
    return new PackageAllowance(
        unlimited ? PackageAllowance.Limit.UNLIMITED : PackageAllowance.Limit.LIMITED,
        unlimited ? BigDecimal.ZERO : rs.getBigDecimal("remaining_mb"),
        rs.getBigDecimal("current_used_mb"),
        Rows.instant(rs, "current_since"));
  }
}
