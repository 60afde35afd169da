package com.cmp.polling.core.card;

import com.cmp.polling.core.jdbc.Rows;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * Reads and updates {@code tb_iot_card}. Soft-deleted cards are invisible to every read and
 * untouched by every update. A card whose device is soft-deleted keeps that device's id and reads
 * with {@link Card#deviceDeleted()} set: it is not polled (the deleted device allows no polling)
 * until it is moved, and the rules never act on it.
 */
public class CardStore {

  private static final String SELECT =
      "SELECT c.id, c.iccid, c.carrier_id, c.carrier_type, c.card_category, c.real_name_status,"
          + " c.network_status, c.stop_reason, c.device_id, c.enable_polling,"
          + " c.current_month_usage_mb, c.current_month_start_date, c.last_month_total_mb,"
          + " c.created_at, c.updated_at, "
          + DevicePlacement.DEVICE_DELETED
          + " AS device_deleted FROM tb_iot_card c "
          + DevicePlacement.JOIN_LIVE_DEVICE;

  private final JdbcClient jdbc;

  public CardStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public Optional<Card> findById(long id) {
    return jdbc.sql(SELECT + " WHERE c.id = ? AND c.deleted_at IS NULL")
        .param(id)
        .query(CardStore::map)
        .optional();
  }

  /** The live card with this ICCID (unique among live rows). */
  public Optional<Card> findByIccid(String iccid) {
    return jdbc.sql(SELECT + " WHERE c.iccid = ? AND c.deleted_at IS NULL")
        .param(iccid)
        .query(CardStore::map)
        .optional();
  }

  /** The live cards of a live device, by id (none for a deleted device). */
  public List<Card> findByDevice(long deviceId) {
    return jdbc.sql(SELECT + " WHERE d.id = ? AND c.deleted_at IS NULL ORDER BY c.id")
        .param(deviceId)
        .query(CardStore::map)
        .list();
  }

  /** The live cards among {@code ids} (one query); missing and deleted ones are left out. */
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
   * {@link #findByIds} with the rows locked until the surrounding transaction ends, taken in id
   * order: two transactions locking overlapping sets of cards wait for each other instead of
   * deadlocking.
   */
  public List<Card> findByIdsForUpdate(Collection<Long> ids) {
    if (ids.isEmpty()) {
      return List.of();
    }
    return jdbc.sql(
            SELECT + " WHERE c.id = ANY(?) AND c.deleted_at IS NULL ORDER BY c.id FOR UPDATE OF c")
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
   * Stores the month counters of many cards in one statement; deleted and missing cards are left
   * out.
   *
   * @return how many cards were updated
   */
  public int updateMonthUsageAll(Map<Long, MonthUsage> usageByCard) {
    if (usageByCard.isEmpty()) {
      return 0;
    }
    int size = usageByCard.size();
    Long[] ids = new Long[size];
    LocalDate[] monthStarts = new LocalDate[size];
    BigDecimal[] currents = new BigDecimal[size];
    BigDecimal[] lastMonths = new BigDecimal[size];
    int i = 0;
    for (Map.Entry<Long, MonthUsage> entry : usageByCard.entrySet()) {
      ids[i] = entry.getKey();
      monthStarts[i] = entry.getValue().monthStart();
      currents[i] = entry.getValue().currentMonthUsageMb();
      lastMonths[i] = entry.getValue().lastMonthTotalMb();
      i++;
    }
    return jdbc.sql(
            """
            UPDATE tb_iot_card c SET current_month_start_date = u.month_start,
                current_month_usage_mb = u.current_mb, last_month_total_mb = u.last_month_mb,
                updated_at = now()
            FROM unnest(?::bigint[], ?::date[], ?::numeric[], ?::numeric[])
                AS u(id, month_start, current_mb, last_month_mb)
            WHERE c.id = u.id AND c.deleted_at IS NULL
            """)
        .params(
            new SqlArrayValue("bigint", (Object[]) ids),
            new SqlArrayValue("date", (Object[]) monthStarts),
            new SqlArrayValue("numeric", (Object[]) currents),
            new SqlArrayValue("numeric", (Object[]) lastMonths))
        .update();
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
        new MonthUsage(
            Rows.date(rs, "current_month_start_date"),
            rs.getBigDecimal("current_month_usage_mb"),
            rs.getBigDecimal("last_month_total_mb")),
        Rows.instant(rs, "created_at"),
        Rows.instant(rs, "updated_at"),
        rs.getBoolean("device_deleted"));
  }
}
