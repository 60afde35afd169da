package com.cmp.polling.core.card;

import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A card as planning and the rules read it, page after page: only the columns that decide its
 * queues and its verdicts, with where its device stands ({@link DevicePlacement}), read by
 * position. ICCID, carrier type, month usage and timestamps are null in the cards it gives: parsing
 * them was most of an enrollment page's read time. The enrollment pages ({@link
 * CardStore#findAfterForEnrollment}), the counts per config and the rule dry run read cards this
 * way.
 */
public final class PlanningRows {

  /** Cards {@code c} with their live device {@code d} joined; append the WHERE clause. */
  public static final String SELECT =
      "SELECT c.id, c.carrier_id, c.card_category, c.real_name_status, c.network_status,"
          + " c.stop_reason, c.device_id, c.enable_polling, "
          + DevicePlacement.DEVICE_DELETED
          + ", "
          + DevicePlacement.DEVICE_ALLOWS_POLLING
          + " FROM tb_iot_card c "
          + DevicePlacement.JOIN_LIVE_DEVICE;

  private PlanningRows() {}

  /** The card of a row of {@link #SELECT}. */
  public static Card card(ResultSet rs, int row) throws SQLException {
    long deviceId = rs.getLong(7);
    Long device = rs.wasNull() ? null : deviceId;
    return new Card(
        rs.getLong(1),
        null,
        rs.getLong(2),
        null,
        CardCategory.fromCode(rs.getString(3)),
        RealNameStatus.fromCode(rs.getInt(4)),
        NetworkStatus.fromCode(rs.getInt(5)),
        rs.getString(6),
        device,
        rs.getBoolean(8),
        null,
        null,
        null,
        rs.getBoolean(9));
  }

  /**
   * Whether the device of a row of {@link #SELECT} lets its card be polled: true for a card outside
   * any device, false for one of a deleted device.
   */
  public static boolean deviceAllowsPolling(ResultSet rs) throws SQLException {
    return rs.getBoolean(10);
  }
}
