package com.cmp.polling.core.stopresumelog;

import com.cmp.polling.core.jdbc.Rows;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Appends to and reads {@code tb_stop_resume_log}. */
public class StopResumeLogStore {

  private final JdbcClient jdbc;

  public StopResumeLogStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public void insert(StopResumeLogEntry entry) {
    jdbc.sql(
            """
            INSERT INTO tb_stop_resume_log (iot_card_id, device_id, action, reason, trigger,
                result, attempt, error)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        .params(
            entry.cardId(),
            entry.deviceId(),
            entry.action().code(),
            entry.reason().code(),
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
            SELECT iot_card_id, device_id, action, reason, trigger, result, attempt, error,
                   created_at
            FROM tb_stop_resume_log WHERE iot_card_id = ? ORDER BY created_at DESC, id DESC
            """)
        .param(cardId)
        .query(StopResumeLogStore::map)
        .list();
  }

  static StopResumeLogEntry map(ResultSet rs, int row) throws SQLException {
    return new StopResumeLogEntry(
        rs.getLong("iot_card_id"),
        Rows.nullableLong(rs, "device_id"),
        CardActionType.fromCode(rs.getString("action")),
        StopReason.fromCode(rs.getString("reason")),
        ActionTrigger.fromCode(rs.getString("trigger")),
        AttemptResult.fromCode(rs.getString("result")),
        rs.getInt("attempt"),
        rs.getString("error"),
        Rows.instant(rs, "created_at"));
  }
}
