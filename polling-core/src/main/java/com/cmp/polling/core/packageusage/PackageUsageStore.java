package com.cmp.polling.core.packageusage;

import com.cmp.polling.core.jdbc.Rows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Reads {@code tb_package_usage} for a card or a device; soft-deleted packages are invisible. */
public class PackageUsageStore {

  private static final String SELECT =
      """
      SELECT id, iot_card_id, device_id, status, data_limit_mb, data_usage_mb, activated_at,
             expires_at
      FROM tb_package_usage
      """;

  private final JdbcClient jdbc;

  public PackageUsageStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Packages pending activation or active (status 0 or 1): "has a valid package". */
  public List<PackageUsage> findValid(PackageOwner owner) {
    return jdbc.sql(
            SELECT
                + " WHERE "
                + owner.kind().column()
                + " = ? AND status IN (0, 1) AND deleted_at IS NULL ORDER BY id")
        .param(owner.id())
        .query(PackageUsageStore::map)
        .list();
  }

  /**
   * The package that decides "traffic exhausted": the first active one (status 1), else the first
   * exhausted one (status 2), else none.
   */
  public Optional<PackageUsage> findFirstActiveOrExhausted(PackageOwner owner) {
    return jdbc.sql(
            SELECT
                + " WHERE "
                + owner.kind().column()
                + " = ? AND status IN (1, 2) AND deleted_at IS NULL ORDER BY status, id LIMIT 1")
        .param(owner.id())
        .query(PackageUsageStore::map)
        .optional();
  }

  static PackageUsage map(ResultSet rs, int row) throws SQLException {
    return new PackageUsage(
        rs.getLong("id"),
        Rows.nullableLong(rs, "iot_card_id"),
        Rows.nullableLong(rs, "device_id"),
        PackageStatus.fromCode(rs.getInt("status")),
        rs.getBigDecimal("data_limit_mb"),
        rs.getBigDecimal("data_usage_mb"),
        Rows.instant(rs, "activated_at"),
        Rows.instant(rs, "expires_at"));
  }
}
