package com.cmp.polling.core.card;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The planning change marker as the queue reconciler reads it: which cards and devices changed a
 * column that decides their polling since a given change number ({@code planning_change_seq}, set
 * by a trigger from one sequence on every insert and on every update of those columns, whoever the
 * writer), where the sequence and the database's transactions stand, and the cards of an id range
 * for the reconciler's rolling sweep. Every read is an index range or lookup: its cost follows the
 * rows it returns, not the size of the fleet.
 */
public class PlanningChanges {

  /** A row and the number of its last planning change. */
  public record ChangedRow(long id, long change) {}

  /**
   * Where the change numbers and the transactions stood at one moment.
   *
   * @param lastChange the highest change number handed out so far (0 before the first)
   * @param nextTransaction a transaction id taken after {@code lastChange} was read: every
   *     transaction that could hold a change number up to {@code lastChange} has a lower one
   */
  public record MarkerReading(long lastChange, long nextTransaction) {}

  /** The lowest and highest card id of the table, deleted rows included. */
  public record IdRange(long first, long last) {}

  private final JdbcClient jdbc;

  public PlanningChanges(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * The sequence read first, then a transaction id taken for this reading: the trigger gives a
   * writer its transaction id before it draws a number, so every transaction that holds a number up
   * to the one read has a lower id than the one taken after (ids are handed out in order). Taking
   * the id writes a commit record and nothing else.
   */
  public MarkerReading readMarker() {
    long last =
        jdbc.sql("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM planning_change_seq")
            .query(Long.class)
            .single();
    long next = jdbc.sql("SELECT pg_current_xact_id()::text::bigint").query(Long.class).single();
    return new MarkerReading(last, next);
  }

  /**
   * The oldest transaction id still running in the database cluster (one past the latest finished
   * when none runs): once it reached a reading's {@code nextTransaction}, every change numbered up
   * to that reading is committed or rolled back.
   */
  public long oldestRunningTransaction() {
    return jdbc.sql("SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint")
        .query(Long.class)
        .single();
  }

  /** Cards (deleted ones included) whose last planning change is numbered above {@code after}. */
  public List<ChangedRow> cardsChangedAfter(long after, int limit) {
    return jdbc.sql(
            "SELECT id, planning_change_seq FROM tb_iot_card WHERE planning_change_seq > ?"
                + " ORDER BY planning_change_seq LIMIT ?")
        .params(after, limit)
        .query((rs, row) -> new ChangedRow(rs.getLong(1), rs.getLong(2)))
        .list();
  }

  /** Devices (deleted ones included) whose last planning change is numbered above {@code after}. */
  public List<ChangedRow> devicesChangedAfter(long after, int limit) {
    return jdbc.sql(
            "SELECT id, planning_change_seq FROM tb_device WHERE planning_change_seq > ?"
                + " ORDER BY planning_change_seq LIMIT ?")
        .params(after, limit)
        .query((rs, row) -> new ChangedRow(rs.getLong(1), rs.getLong(2)))
        .list();
  }

  /** The ids of the live cards that sit in any of these devices (deleted devices included). */
  public List<Long> liveCardIdsOfDevices(Collection<Long> deviceIds) {
    if (deviceIds.isEmpty()) {
      return List.of();
    }
    return jdbc.sql(
            "SELECT id FROM tb_iot_card WHERE device_id = ANY(?) AND deleted_at IS NULL"
                + " ORDER BY id")
        .param(new SqlArrayValue("bigint", deviceIds.toArray()))
        .query(Long.class)
        .list();
  }

  /**
   * Up to {@code limit} live cards with an id above {@code afterId} and at most {@code lastId}, by
   * id, read as {@link PlanningRows} reads them.
   */
  public List<Card> liveCardsBetween(long afterId, long lastId, int limit) {
    return jdbc.sql(
            PlanningRows.SELECT
                + " WHERE c.id > ? AND c.id <= ? AND c.deleted_at IS NULL ORDER BY c.id LIMIT ?")
        .params(afterId, lastId, limit)
        .query(PlanningRows::card)
        .list();
  }

  /** The card ids' range (two primary key lookups); empty while the table has no row. */
  public Optional<IdRange> idRange() {
    return jdbc.sql("SELECT min(id), max(id) FROM tb_iot_card")
        .query(
            rs -> {
              rs.next();
              long first = rs.getLong(1);
              return rs.wasNull()
                  ? Optional.<IdRange>empty()
                  : Optional.of(new IdRange(first, rs.getLong(2)));
            });
  }
}
