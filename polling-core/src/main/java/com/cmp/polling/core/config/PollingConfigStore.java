package com.cmp.polling.core.config;

import com.cmp.polling.core.jdbc.Rows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Reads {@code tb_polling_config}. */
public class PollingConfigStore {

  private static final String SELECT =
      """
      SELECT id, config_name, card_condition, carrier_id, priority, realname_check_interval,
             carddata_check_interval, package_check_interval, protect_check_interval, status
      FROM tb_polling_config
      """;

  private final JdbcClient jdbc;

  public PollingConfigStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Enabled configs in matching order: priority ascending, then id. */
  public List<PollingConfig> findEnabled() {
    return jdbc.sql(SELECT + " WHERE status = 1 ORDER BY priority, id")
        .query(PollingConfigStore::map)
        .list();
  }

  public Optional<PollingConfig> findById(long id) {
    return jdbc.sql(SELECT + " WHERE id = ?").param(id).query(PollingConfigStore::map).optional();
  }

  static PollingConfig map(ResultSet rs, int row) throws SQLException {
    String condition = rs.getString("card_condition");
    return new PollingConfig(
        rs.getLong("id"),
        rs.getString("config_name"),
        condition == null ? null : CardCondition.fromCode(condition),
        Rows.nullableLong(rs, "carrier_id"),
        rs.getInt("priority"),
        Rows.nullableInt(rs, "realname_check_interval"),
        Rows.nullableInt(rs, "carddata_check_interval"),
        Rows.nullableInt(rs, "package_check_interval"),
        Rows.nullableInt(rs, "protect_check_interval"),
        rs.getInt("status") == 1);
  }
}
