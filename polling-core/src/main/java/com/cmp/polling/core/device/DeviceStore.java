package com.cmp.polling.core.device;

import com.cmp.polling.core.card.DevicePlacement;
import com.cmp.polling.core.jdbc.Rows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

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

  /** The ids among {@code deviceIds} of live devices that allow polling (one query). */
  public Set<Long> findPollingAllowed(Collection<Long> deviceIds) {
    if (deviceIds.isEmpty()) {
      return Set.of();
    }
    return new HashSet<>(
        jdbc.sql(
                "SELECT d.id FROM tb_device d WHERE d.id = ANY(?) AND "
                    + DevicePlacement.DEVICE_LIVE_AND_POLLING)
            .param(new SqlArrayValue("bigint", deviceIds.toArray()))
            .query(Long.class)
            .list());
  }

  /**
   * Sets the device's {@code enable_polling}; the change stream does the rest.
   *
   * @return false when the device does not exist (or is deleted)
   */
  public boolean updatePollingEnabled(long id, boolean enabled) {
    return jdbc.sql(
                "UPDATE tb_device SET enable_polling = ?, updated_at = now()"
                    + " WHERE id = ? AND deleted_at IS NULL")
            .params(enabled, id)
            .update()
        == 1;
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
