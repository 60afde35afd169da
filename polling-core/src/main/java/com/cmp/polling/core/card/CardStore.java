package com.cmp.polling.core.card;

import com.cmp.polling.core.jdbc.Rows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * Reads and updates {@code tb_iot_card}. Soft-deleted cards are invisible to every read and
 * untouched by every update. A card whose device is soft-deleted keeps that device's id and reads
 * with {@link Card#deviceDeleted()} set: it is not polled (the deleted device allows no polling)
 * until it is moved, and the rules never act on it.
 */
public class CardStore {

  private static final String COLUMNS =
      "SELECT c.id, c.iccid, c.carrier_id, c.carrier_type, c.card_category, c.real_name_status,"
          + " c.network_status, c.stop_reason, c.device_id, c.enable_polling, c.created_at,"
          + " c.updated_at, "
          + DevicePlacement.DEVICE_DELETED
          + " AS device_deleted";

  /** Cards as the pipeline reads them, many at a time: without their month usage counters. */
  private static final String SELECT =
      COLUMNS + " FROM tb_iot_card c " + DevicePlacement.JOIN_LIVE_DEVICE;

  /** One card as an operator looks at it: with its month usage counters. */
  private static final String SELECT_WITH_USAGE =
      COLUMNS
          + ", "
          + MonthUsageRows.columns("u")
          + " FROM tb_iot_card c "
          + DevicePlacement.JOIN_LIVE_DEVICE
          + " LEFT JOIN tb_card_month_usage u ON u.iot_card_id = c.id";

  private final JdbcClient jdbc;

  public CardStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The live card, with its month usage counters. */
  public Optional<Card> findById(long id) {
    return jdbc.sql(SELECT_WITH_USAGE + " WHERE c.id = ? AND c.deleted_at IS NULL")
        .param(id)
        .query(CardStore::mapWithUsage)
        .optional();
  }

  /** The live card with this ICCID (unique among live rows), with its month usage counters. */
  public Optional<Card> findByIccid(String iccid) {
    return jdbc.sql(SELECT_WITH_USAGE + " WHERE c.iccid = ? AND c.deleted_at IS NULL")
        .param(iccid)
        .query(CardStore::mapWithUsage)
        .optional();
  }

  /**
   * The live cards of a live device, by id (none for a deleted device); without their month usage
   * counters, as every read of many cards.
   */
  public List<Card> findByDevice(long deviceId) {
    return jdbc.sql(SELECT + " WHERE d.id = ? AND c.deleted_at IS NULL ORDER BY c.id")
        .param(deviceId)
        .query(CardStore::map)
        .list();
  }

  /**
   * The live cards among {@code ids} (one query); missing and deleted ones are left out. Their
   * month usage counters are not read ({@link MonthUsage} of each card is null): the carddata check
   * reads them where they are kept, the others never need them.
   */
  public List<Card> findByIds(Collection<Long> ids) {
    if (ids.isEmpty()) {
      return List.of();
    }
    return jdbc.sql(SELECT + " WHERE c.id = ANY(?) AND c.deleted_at IS NULL ORDER BY c.id")
        .param(new SqlArrayValue("bigint", ids.toArray()))
        .query(CardStore::map)
        .list();
  }

  /**
   * The next {@code limit} live cards after id {@code lastId} (one page of an id cursor), for
   * enrollment (the initializer, config re-enrollment): read as {@link PlanningRows} reads them,
   * only the columns that decide which queues a card joins.
   */
  public List<Card> findAfterForEnrollment(long lastId, int limit) {
    return jdbc.sql(
            PlanningRows.SELECT + " WHERE c.id > ? AND c.deleted_at IS NULL ORDER BY c.id LIMIT ?")
        .params(lastId, limit)
        .query(PlanningRows::card)
        .list();
  }

  /** How many live cards exist. */
  public long count() {
    return jdbc.sql("SELECT count(*) FROM tb_iot_card WHERE deleted_at IS NULL")
        .query(Long.class)
        .single();
  }

  /**
   * @return false when the card does not exist (or is deleted)
   */
  public boolean updateRealNameStatus(long id, RealNameStatus status) {
    return jdbc.sql(
                "UPDATE tb_iot_card SET real_name_status = ?, updated_at = now()"
                    + " WHERE id = ? AND deleted_at IS NULL")
            .params(status.code(), id)
            .update()
        == 1;
  }

  /**
   * Sets the network status and the stop reason together (an online card has none).
   *
   * @return false when the card does not exist (or is deleted)
   */
  public boolean updateNetworkStatus(long id, NetworkStatus status, String stopReason) {
    if (status == NetworkStatus.ONLINE && stopReason != null) {
      throw new IllegalArgumentException(
          "card " + id + ": an online card cannot keep stop reason " + stopReason);
    }
    return jdbc.sql(
                "UPDATE tb_iot_card SET network_status = ?, stop_reason = ?, updated_at = now()"
                    + " WHERE id = ? AND deleted_at IS NULL")
            .params(status.code(), stopReason, id)
            .update()
        == 1;
  }

  /**
   * Stores the real-name status of many cards in one statement; deleted and missing cards are left
   * out.
   *
   * @return the ids of the cards updated
   */
  public Set<Long> updateRealNameStatusAll(Map<Long, RealNameStatus> statusByCard) {
    Set<Long> updated = new HashSet<>(statusByCard.size() * 2);
    if (statusByCard.isEmpty()) {
      return updated;
    }
    Long[] ids = new Long[statusByCard.size()];
    Integer[] codes = new Integer[ids.length];
    int i = 0;
    for (Map.Entry<Long, RealNameStatus> entry : statusByCard.entrySet()) {
      ids[i] = entry.getKey();
      codes[i] = entry.getValue().code();
      i++;
    }
    jdbc.sql(
            """
            UPDATE tb_iot_card c SET real_name_status = u.status, updated_at = now()
            FROM unnest(?::bigint[], ?::smallint[]) AS u(id, status)
            WHERE c.id = u.id AND c.deleted_at IS NULL
            RETURNING c.id
            """)
        .params(
            new SqlArrayValue("bigint", (Object[]) ids),
            new SqlArrayValue("smallint", (Object[]) codes))
        .query((RowCallbackHandler) rs -> updated.add(rs.getLong(1)));
    return updated;
  }

  /**
   * Sets the card's {@code enable_polling}; the change stream does the rest.
   *
   * @return false when the card does not exist (or is deleted)
   */
  public boolean updatePollingEnabled(long id, boolean enabled) {
    return jdbc.sql(
                "UPDATE tb_iot_card SET enable_polling = ?, updated_at = now()"
                    + " WHERE id = ? AND deleted_at IS NULL")
            .params(enabled, id)
            .update()
        == 1;
  }

  static Card map(ResultSet rs, int row) throws SQLException {
    return card(rs, null);
  }

  static Card mapWithUsage(ResultSet rs, int row) throws SQLException {
    return card(rs, MonthUsageRows.read(rs));
  }

  private static Card card(ResultSet rs, MonthUsage usage) throws SQLException {
    return new Card(
        rs.getLong("id"),
        rs.getString("iccid"),
        rs.getLong("carrier_id"),
        rs.getString("carrier_type"),
        CardCategory.fromCode(rs.getString("card_category")),
        RealNameStatus.fromCode(rs.getInt("real_name_status")),
        NetworkStatus.fromCode(rs.getInt("network_status")),
        rs.getString("stop_reason"),
        Rows.nullableLong(rs, "device_id"),
        rs.getBoolean("enable_polling"),
        usage,
        Rows.instant(rs, "created_at"),
        Rows.instant(rs, "updated_at"),
        rs.getBoolean("device_deleted"));
  }
}
