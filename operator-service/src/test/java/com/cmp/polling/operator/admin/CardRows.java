package com.cmp.polling.operator.admin;

import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.util.Map;

/** Reads card and device rows straight from PostgreSQL, for asserts. */
final class CardRows {

  private CardRows() {}

  /** {@code network_status} (as an int) and {@code stop_reason} of the card. */
  static Map<String, Object> network(PostgresExtension postgres, long cardId) {
    return postgres
        .jdbc()
        .sql(
            "SELECT network_status::int AS network_status, stop_reason FROM tb_iot_card"
                + " WHERE id = ?")
        .param(cardId)
        .query()
        .singleRow();
  }

  /** Rows of {@code tb_stop_resume_log} about the card: one per gateway attempt. */
  static long logRows(PostgresExtension postgres, long cardId) {
    return postgres
        .jdbc()
        .sql("SELECT count(*) FROM tb_stop_resume_log WHERE iot_card_id = ?")
        .param(cardId)
        .query(Long.class)
        .single();
  }

  /**
   * {@code enable_polling} of a row of {@code table} ({@code tb_iot_card} or {@code tb_device}).
   */
  static boolean pollingEnabled(PostgresExtension postgres, String table, long id) {
    return postgres
        .jdbc()
        .sql("SELECT enable_polling FROM " + table + " WHERE id = ?")
        .param(id)
        .query(Boolean.class)
        .single();
  }
}
