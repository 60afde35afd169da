package com.cmp.polling.core.device;

import com.cmp.polling.core.jdbc.Rows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Reads {@code tb_device}; soft-deleted devices are invisible. */
public class DeviceStore {

  private final JdbcClient jdbc;

  public DeviceStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public Optional<Device> findById(long id) {
    return jdbc.sql(
            "SELECT id, device_no, enable_polling, created_at, updated_at FROM tb_device"
                + " WHERE id = ? AND deleted_at IS NULL")
        .param(id)
        .query(DeviceStore::map)
        .optional();
  }

  static Device map(ResultSet rs, int row) throws SQLException {
    return new Device(
        rs.getLong("id"),
        rs.getString("device_no"),
        rs.getBoolean("enable_polling"),
        Rows.instant(rs, "created_at"),
        Rows.instant(rs, "updated_at"));
  }
}
