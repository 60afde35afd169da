package com.cmp.polling.core.packageusage;

import com.cmp.polling.core.jdbc.Rows;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

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
    Map<PackageOwner, PackageAllowance> allowances = new HashMap<>(owners.size() * 2);
    for (PackageOwner.Kind kind : PackageOwner.Kind.values()) {
      Long[] ids = PackageStatementsForMany.idsOf(owners, kind);
      if (ids.length == 0) {
        continue;
      }
      jdbc.sql(ALLOWANCES.get(kind))
          .param(new SqlArrayValue("bigint", (Object[]) ids))
          .query(
              (RowCallbackHandler)
                  rs -> allowances.put(new PackageOwner(kind, rs.getLong("owner_id")), read(rs)));
    }
    for (PackageOwner owner : owners) {
      allowances.putIfAbsent(owner, PackageAllowance.NONE);
    }
    return allowances;
  }

  private static PackageAllowance read(ResultSet rs) throws SQLException {
    boolean unlimited = rs.getBoolean("unlimited");
    return new PackageAllowance(
        unlimited ? PackageAllowance.Limit.UNLIMITED : PackageAllowance.Limit.LIMITED,
        unlimited ? BigDecimal.ZERO : rs.getBigDecimal("remaining_mb"),
        rs.getBigDecimal("current_used_mb"),
        Rows.instant(rs, "current_since"));
  }
}
