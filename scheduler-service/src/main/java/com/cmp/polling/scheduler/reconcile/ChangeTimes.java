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
 * reconciler that the change stream may still be carrying a change to the queues. Reads the
 * timestamps the writers keep ({@code created_at}, {@code updated_at}, {@code deleted_at}; a writer
 * that changes a row without them is not seen as recent) and the planning change numbers the
 * trigger keeps (which no writer can leave out, and which usage accounting does not move).
 */
class ChangeTimes {

  /**
   * A card's last change.
   *
   * @param at the latest of the card's and its device's timestamps
   * @param change the higher of the card's and its device's planning change numbers; 0 for rows
   *     that have not changed their planning columns since the marker exists
   */
  record CardChange(Instant at, long change) {}

  private final JdbcClient jdbc;

  ChangeTimes(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * The latest change of each card among {@code cardIds} or of its device, deleted rows included;
   * ids without a row are left out. One statement (primary key lookups).
   */
  Map<Long, CardChange> lastChangeOf(Collection<Long> cardIds) {
    Map<Long, CardChange> changes = new HashMap<>(cardIds.size() * 2);
    if (cardIds.isEmpty()) {
      return changes;
    }
    jdbc.sql(
            """
            SELECT c.id, GREATEST(c.created_at, c.updated_at, c.deleted_at,
                                  d.updated_at, d.deleted_at) AS changed_at,
                   GREATEST(coalesce(c.planning_change_seq, 0),
                            coalesce(d.planning_change_seq, 0)) AS change
            FROM tb_iot_card c
            LEFT JOIN tb_device d ON d.id = c.device_id
            WHERE c.id = ANY(?)
            """)
        .param(new SqlArrayValue("bigint", cardIds.toArray()))
        .query(
            rs -> {
              changes.put(
                  rs.getLong(1),
                  new CardChange(Rows.instant(rs, "changed_at"), rs.getLong("change")));
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
