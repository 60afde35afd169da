package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.jdbc.Rows;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * When cards, their devices and the polling configs last changed in PostgreSQL: what tells the
 * reconciler that the change stream may still be carrying a change to the queues. Only reads the
 * timestamps the writers keep ({@code created_at}, {@code updated_at}, {@code deleted_at}); a
 * writer that changes a row without them is not seen as recent.
 */
class ChangeTimes {

  private final JdbcClient jdbc;

  ChangeTimes(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * The latest change of each card among {@code cardIds} or of its device, deleted rows included;
   * ids without a row are left out. One statement (primary key lookups).
   */
  Map<Long, Instant> lastChangeOf(Collection<Long> cardIds) {
    Map<Long, Instant> changes = new HashMap<>(cardIds.size() * 2);
    if (cardIds.isEmpty()) {
      return changes;
    }
    jdbc.sql(
            """
            SELECT c.id, GREATEST(c.created_at, c.updated_at, c.deleted_at,
                                  d.updated_at, d.deleted_at) AS changed_at
            FROM tb_iot_card c
            LEFT JOIN tb_device d ON d.id = c.device_id
            WHERE c.id = ANY(?)
            """)
        .param(new SqlArrayValue("bigint", cardIds.toArray()))
        .query(
            rs -> {
              changes.put(rs.getLong(1), Rows.instant(rs, "changed_at"));
            });
    return changes;
  }

  /** The last change of any polling config row (enabled or not); empty when there is none. */
  Optional<Instant> configsLastChanged() {
    return Optional.ofNullable(
        jdbc.sql("SELECT max(updated_at) AS changed_at FROM tb_polling_config")
            .query(rs -> rs.next() ? Rows.instant(rs, "changed_at") : null));
  }
}
