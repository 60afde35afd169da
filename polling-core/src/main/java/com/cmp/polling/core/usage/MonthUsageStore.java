package com.cmp.polling.core.usage;

import com.cmp.polling.core.card.LastUsageChange;
import com.cmp.polling.core.card.MonthUsage;
import com.cmp.polling.core.card.MonthUsageRows;
import com.cmp.polling.core.jdbc.Rows;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The month usage counters of the cards, {@code tb_card_month_usage}: a table of their own, which
 * the change stream does not capture, so that accounting a check writes nothing to the captured
 * card table. A card without a row has had no sample yet ({@link #NONE}).
 *
 * <p>Counters are written only where they still hold what the writer read ({@link #replaceAll}):
 * two checks of one card at once (a manual check beside a regular one, a redelivered task) cannot
 * both count the same usage, and nothing is locked while the carrier is asked.
 */
public class MonthUsageStore {

  private static final String UPDATE_IF_UNCHANGED =
      """
      UPDATE tb_card_month_usage u
      SET month_start = x.new_month, current_month_usage_mb = x.new_current,
          last_month_total_mb = x.new_last, changed_at = x.changed_at,
          last_change_mb = x.change_mb, last_change_since = x.change_since
      FROM unnest(?::bigint[], ?::date[], ?::numeric[], ?::numeric[], ?::date[], ?::numeric[],
                  ?::numeric[], ?::timestamptz[], ?::numeric[], ?::timestamptz[])
          AS x(id, old_month, old_current, old_last, new_month, new_current, new_last, changed_at,
               change_mb, change_since)
      WHERE u.iot_card_id = x.id AND u.month_start IS NOT DISTINCT FROM x.old_month
        AND u.current_month_usage_mb = x.old_current AND u.last_month_total_mb = x.old_last
      RETURNING u.iot_card_id
      """;

  private static final String INSERT_IF_ABSENT =
      """
      INSERT INTO tb_card_month_usage (iot_card_id, month_start, current_month_usage_mb,
          last_month_total_mb, changed_at, last_change_mb, last_change_since)
      SELECT * FROM unnest(?::bigint[], ?::date[], ?::numeric[], ?::numeric[], ?::timestamptz[],
                           ?::numeric[], ?::timestamptz[]) ORDER BY 1
      ON CONFLICT (iot_card_id) DO NOTHING
      RETURNING iot_card_id
      """;

  private final JdbcClient jdbc;

  public MonthUsageStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The counters of the cards that have any, by card id (one query); the others are missing. */
  public Map<Long, MonthUsage> findByCards(Collection<Long> cardIds) {
    Map<Long, MonthUsage> found = new HashMap<>(cardIds.size() * 2);
    if (cardIds.isEmpty()) {
      return found;
    }
    jdbc.sql(
            "SELECT u.iot_card_id, "
                + MonthUsageRows.columns("u")
                + " FROM tb_card_month_usage u WHERE u.iot_card_id = ANY(?)")
        .param(new SqlArrayValue("bigint", cardIds.toArray()))
        .query(
            (RowCallbackHandler)
                rs -> found.put(rs.getLong("iot_card_id"), MonthUsageRows.read(rs)));
    return found;
  }

  /** The card's counters, {@link MonthUsage#NONE} before its first sample. */
  public MonthUsage findByCard(long cardId) {
    return findByCards(List.of(cardId)).getOrDefault(cardId, MonthUsage.NONE);
  }

  /**
   * Writes new counters, with their {@link MonthUsage#lastChange}, where the stored ones are still
   * those the change was computed from: one statement for the cards that had counters, one for
   * those that had none. Call it in the transaction that records what the counters stand for (the
   * samples, the deductions), so that both stand or fall together.
   *
   * @return the cards whose counters were written; for the others, another writer changed them
   *     since they were read: read them again and compute the change anew
   */
  public Set<Long> replaceAll(Collection<CounterChange> changes) {
    List<CounterChange> updates = new ArrayList<>(changes.size());
    List<CounterChange> inserts = new ArrayList<>();
    for (CounterChange change : changes) {
      (change.before() == null ? inserts : updates).add(change);
    }
    Set<Long> written = new HashSet<>(changes.size() * 2);
    if (!updates.isEmpty()) {
      updates.sort((a, b) -> Long.compare(a.cardId(), b.cardId()));
      jdbc.sql(UPDATE_IF_UNCHANGED)
          .params(
              ids(updates),
              months(updates, true),
              currents(updates, true),
              lasts(updates, true),
              months(updates, false),
              currents(updates, false),
              lasts(updates, false),
              changedAts(updates),
              changeMbs(updates),
              changeSinces(updates))
          .query((RowCallbackHandler) rs -> written.add(rs.getLong(1)));
    }
    if (!inserts.isEmpty()) {
      jdbc.sql(INSERT_IF_ABSENT)
          .params(
              ids(inserts),
              months(inserts, false),
              currents(inserts, false),
              lasts(inserts, false),
              changedAts(inserts),
              changeMbs(inserts),
              changeSinces(inserts))
          .query((RowCallbackHandler) rs -> written.add(rs.getLong(1)));
    }
    return written;
  }

  /**
   * New counters for a card.
   *
   * @param before the stored counters the change was computed from; null when the card had none
   */
  public record CounterChange(long cardId, MonthUsage before, MonthUsage after) {}

  private static SqlArrayValue ids(List<CounterChange> changes) {
    return new SqlArrayValue(
        "bigint", changes.stream().map(CounterChange::cardId).toArray(Object[]::new));
  }

  private static SqlArrayValue months(List<CounterChange> changes, boolean before) {
    LocalDate[] values = new LocalDate[changes.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = pick(changes.get(i), before).monthStart();
    }
    return new SqlArrayValue("date", (Object[]) values);
  }

  private static SqlArrayValue currents(List<CounterChange> changes, boolean before) {
    BigDecimal[] values = new BigDecimal[changes.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = pick(changes.get(i), before).currentMonthUsageMb();
    }
    return new SqlArrayValue("numeric", (Object[]) values);
  }

  private static SqlArrayValue lasts(List<CounterChange> changes, boolean before) {
    BigDecimal[] values = new BigDecimal[changes.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = pick(changes.get(i), before).lastMonthTotalMb();
    }
    return new SqlArrayValue("numeric", (Object[]) values);
  }

  private static SqlArrayValue changedAts(List<CounterChange> changes) {
    return lastChanges(changes, "timestamptz", change -> Rows.utc(change.at()));
  }

  private static SqlArrayValue changeMbs(List<CounterChange> changes) {
    return lastChanges(changes, "numeric", LastUsageChange::mb);
  }

  private static SqlArrayValue changeSinces(List<CounterChange> changes) {
    return lastChanges(changes, "timestamptz", change -> Rows.utc(change.since()));
  }

  /** One value of the new counters' last change per card (null where it has none). */
  private static SqlArrayValue lastChanges(
      List<CounterChange> changes, String type, Function<LastUsageChange, Object> value) {
    Object[] values = new Object[changes.size()];
    for (int i = 0; i < values.length; i++) {
      LastUsageChange change = changes.get(i).after().lastChange();
      values[i] = change == null ? null : value.apply(change);
    }
    return new SqlArrayValue(type, values);
  }

  private static MonthUsage pick(CounterChange change, boolean before) {
    return before ? change.before() : change.after();
  }
}
