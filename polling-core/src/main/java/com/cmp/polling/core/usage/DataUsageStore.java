package com.cmp.polling.core.usage;

import com.cmp.polling.core.jdbc.Rows;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/** Appends to and reads {@code data_usage_records}. */
public class DataUsageStore {

  private final JdbcClient jdbc;

  public DataUsageStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public void insert(DataUsageSample sample) {
    jdbc.sql(
            """
            INSERT INTO data_usage_records (iot_card_id, month_start, month_total_mb, delta_mb,
                sampled_at)
            VALUES (?, ?, ?, ?, ?)
            """)
        .params(
            sample.cardId(),
            sample.monthStart(),
            sample.monthTotalMb(),
            sample.deltaMb(),
            Rows.utc(sample.sampledAt()))
        .update();
  }

  /** {@link #insert} for many samples in one statement. */
  public void insertAll(List<DataUsageSample> samples) {
    if (samples.isEmpty()) {
      return;
    }
    int size = samples.size();
    Long[] cardIds = new Long[size];
    LocalDate[] monthStarts = new LocalDate[size];
    BigDecimal[] totals = new BigDecimal[size];
    BigDecimal[] deltas = new BigDecimal[size];
    OffsetDateTime[] sampledAt = new OffsetDateTime[size];
    for (int i = 0; i < size; i++) {
      DataUsageSample sample = samples.get(i);
      cardIds[i] = sample.cardId();
      monthStarts[i] = sample.monthStart();
      totals[i] = sample.monthTotalMb();
      deltas[i] = sample.deltaMb();
      sampledAt[i] = Rows.utc(sample.sampledAt());
    }
    jdbc.sql(
            """
            INSERT INTO data_usage_records (iot_card_id, month_start, month_total_mb, delta_mb,
                sampled_at)
            SELECT * FROM unnest(?::bigint[], ?::date[], ?::numeric[], ?::numeric[],
                ?::timestamptz[])
            """)
        .params(
            new SqlArrayValue("bigint", (Object[]) cardIds),
            new SqlArrayValue("date", (Object[]) monthStarts),
            new SqlArrayValue("numeric", (Object[]) totals),
            new SqlArrayValue("numeric", (Object[]) deltas),
            new SqlArrayValue("timestamptz", (Object[]) sampledAt))
        .update();
  }

  /** A card's samples, oldest first. */
  public List<DataUsageSample> findByCard(long cardId) {
    return jdbc.sql(
            "SELECT iot_card_id, month_start, month_total_mb, delta_mb, sampled_at"
                + " FROM data_usage_records WHERE iot_card_id = ? ORDER BY sampled_at, id")
        .param(cardId)
        .query(DataUsageStore::map)
        .list();
  }

  /** A card's latest {@code limit} samples, newest first. */
  public List<DataUsageSample> findLatestByCard(long cardId, int limit) {
    return jdbc.sql(
            "SELECT iot_card_id, month_start, month_total_mb, delta_mb, sampled_at"
                + " FROM data_usage_records WHERE iot_card_id = ?"
                + " ORDER BY sampled_at DESC, id DESC LIMIT ?")
        .params(cardId, limit)
        .query(DataUsageStore::map)
        .list();
  }

  static DataUsageSample map(ResultSet rs, int row) throws SQLException {
    return new DataUsageSample(
        rs.getLong("iot_card_id"),
        Rows.date(rs, "month_start"),
        rs.getBigDecimal("month_total_mb"),
        rs.getBigDecimal("delta_mb"),
        Rows.instant(rs, "sampled_at"));
  }
}
