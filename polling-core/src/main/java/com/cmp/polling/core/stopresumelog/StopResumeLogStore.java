package com.cmp.polling.core.stopresumelog;

import com.cmp.polling.core.jdbc.Rows;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Appends to and reads {@code tb_stop_resume_log}. */
public class StopResumeLogStore {

  private static final String COLUMNS =
      "iot_card_id, device_id, action, reason, reasons, trigger, result, attempt, error,"
          + " created_at";

  private final JdbcClient jdbc;

  public StopResumeLogStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public void insert(StopResumeLogEntry entry) {
    jdbc.sql(
            """
            INSERT INTO tb_stop_resume_log (iot_card_id, device_id, action, reason, reasons,
                trigger, result, attempt, error)
            VALUES (?, ?, ?, ?, string_to_array(?, ','), ?, ?, ?, ?)
            """)
        .params(
            entry.cardId(),
            entry.deviceId(),
            entry.action().code(),
            entry.reason().code(),
            codes(entry.reasons()),
            entry.trigger().code(),
            entry.result().code(),
            entry.attempt(),
            entry.error())
        .update();
  }

  /** A card's attempts, newest first. */
  public List<StopResumeLogEntry> findByCard(long cardId) {
    return jdbc.sql(
            """
            SELECT %s
            FROM tb_stop_resume_log WHERE iot_card_id = ? ORDER BY created_at DESC, id DESC
            """
                .formatted(COLUMNS))
        .param(cardId)
        .query(StopResumeLogStore::map)
        .list();
  }

  /**
   * The card's last stop the carrier confirmed (any trigger), with every reason that held then: why
   * the card is stopped, when it is.
   */
  public Optional<StopResumeLogEntry> lastStop(long cardId) {
    return jdbc.sql(
            """
            SELECT %s
            FROM tb_stop_resume_log
            WHERE iot_card_id = ? AND action = 'stop' AND result = 'success'
            ORDER BY created_at DESC, id DESC LIMIT 1
            """
                .formatted(COLUMNS))
        .param(cardId)
        .query(StopResumeLogStore::map)
        .optional();
  }

  /** "no_package,traffic_exhausted": the codes have no comma, and string_to_array splits there. */
  private static String codes(List<StopReason> reasons) {
    return reasons.stream().map(StopReason::code).collect(Collectors.joining(","));
  }

  /** The column's codes; a row written before it existed has only {@code reason}. */
  private static List<StopReason> reasons(ResultSet rs, StopReason reason) throws SQLException {
    Array array = rs.getArray("reasons");
    if (array == null) {
      return List.of(reason);
    }
    try {
      return Arrays.stream((String[]) array.getArray()).map(StopReason::fromCode).toList();
    } finally {
      array.free();
    }
  }

  static StopResumeLogEntry map(ResultSet rs, int row) throws SQLException {
    StopReason reason = StopReason.fromCode(rs.getString("reason"));
    return new StopResumeLogEntry(
        rs.getLong("iot_card_id"),
        Rows.nullableLong(rs, "device_id"),
        CardActionType.fromCode(rs.getString("action")),
        reason,
        reasons(rs, reason),
        ActionTrigger.fromCode(rs.getString("trigger")),
        AttemptResult.fromCode(rs.getString("result")),
        rs.getInt("attempt"),
        rs.getString("error"),
        Rows.instant(rs, "created_at"));
  }
}
