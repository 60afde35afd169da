package com.cmp.polling.core.switches;

import com.cmp.polling.core.jdbc.Rows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

/**
 * Reads and changes the rule switches ({@code tb_rule_switch}); every change writes a row of {@code
 * tb_rule_switch_audit} in the same transaction, with the values before and after.
 */
public class RuleSwitchStore {

  private static final String COLUMNS =
      "carrier_id, enforce_not_realname, not_realname_grace_until, updated_by, updated_at";

  private final JdbcClient jdbc;
  private final TransactionOperations transactions;
  private final Clock clock;

  public RuleSwitchStore(JdbcClient jdbc, TransactionOperations transactions, Clock clock) {
    this.jdbc = jdbc;
    this.transactions = transactions;
    this.clock = clock;
  }

  /**
   * Every switch now. Without a default row (removed by hand) the default is {@link
   * RuleSwitches#ENFORCE_ALL}'s: every rule enforced.
   */
  public RuleSwitches load() {
    RuleSwitch defaults = RuleSwitches.ENFORCE_ALL.defaults();
    Map<Long, RuleSwitch> carriers = new HashMap<>();
    for (RuleSwitch row :
        jdbc.sql("SELECT " + COLUMNS + " FROM tb_rule_switch").query(RuleSwitchStore::map).list()) {
      if (row.isDefault()) {
        defaults = row;
      } else {
        carriers.put(row.carrierId(), row);
      }
    }
    return new RuleSwitches(defaults, carriers, clock.instant());
  }

  /**
   * Sets the switch of a carrier (created if it has none) or, for a null carrier, the default.
   *
   * @return the audited change
   */
  public SwitchChange put(Long carrierId, SwitchSetting setting, String actor) {
    return onceMoreIfRaced(
        () ->
            transactions.execute(
                status -> {
                  Optional<SwitchSetting> before = lockedSetting(carrierId);
                  Instant now = clock.instant();
                  if (before.isPresent()) {
                    jdbc.sql(
                            "UPDATE tb_rule_switch SET enforce_not_realname = ?,"
                                + " not_realname_grace_until = ?, updated_by = ?, updated_at = ?"
                                + " WHERE "
                                + scope(carrierId))
                        .params(withScope(carrierId, setting, actor, now))
                        .update();
                  } else {
                    jdbc.sql(
                            "INSERT INTO tb_rule_switch (enforce_not_realname,"
                                + " not_realname_grace_until, updated_by, updated_at, carrier_id)"
                                + " VALUES (?, ?, ?, ?, ?)")
                        .params(
                            setting.enforceNotRealname(),
                            Rows.utc(setting.notRealnameGraceUntil()),
                            actor,
                            Rows.utc(now),
                            carrierId)
                        .update();
                  }
                  return audit(carrierId, actor, now, before.orElse(null), setting);
                }));
  }

  /**
   * Removes a carrier's own switch: its cards follow the default again.
   *
   * @return the audited change; empty when the carrier had no switch of its own
   */
  public Optional<SwitchChange> remove(long carrierId, String actor) {
    return transactions.execute(
        status -> {
          Optional<SwitchSetting> before = lockedSetting(carrierId);
          if (before.isEmpty()) {
            return Optional.empty();
          }
          jdbc.sql("DELETE FROM tb_rule_switch WHERE carrier_id = ?").param(carrierId).update();
          return Optional.of(audit(carrierId, actor, clock.instant(), before.get(), null));
        });
  }

  /** Changes newest first, those with an id below {@code beforeId}, at most {@code limit}. */
  public List<SwitchChange> changes(long beforeId, int limit) {
    return jdbc.sql(
            """
            SELECT id, carrier_id, actor, changed_at,
                   old_enforce_not_realname, old_not_realname_grace_until,
                   new_enforce_not_realname, new_not_realname_grace_until
            FROM tb_rule_switch_audit WHERE id < ? ORDER BY id DESC LIMIT ?
            """)
        .params(beforeId, limit)
        .query(RuleSwitchStore::mapChange)
        .list();
  }

  /** The setting in place, its row locked until the transaction ends: changes queue up. */
  private Optional<SwitchSetting> lockedSetting(Long carrierId) {
    var statement =
        jdbc.sql(
            "SELECT enforce_not_realname, not_realname_grace_until FROM tb_rule_switch WHERE "
                + scope(carrierId)
                + " FOR UPDATE");
    if (carrierId != null) {
      statement = statement.param(carrierId);
    }
    return statement
        .query(
            (rs, row) ->
                new SwitchSetting(
                    rs.getBoolean("enforce_not_realname"),
                    Rows.instant(rs, "not_realname_grace_until")))
        .optional();
  }

  private SwitchChange audit(
      Long carrierId, String actor, Instant now, SwitchSetting before, SwitchSetting after) {
    long id =
        jdbc.sql(
                """
                INSERT INTO tb_rule_switch_audit (carrier_id, actor, changed_at,
                    old_enforce_not_realname, old_not_realname_grace_until,
                    new_enforce_not_realname, new_not_realname_grace_until)
                VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
                """)
            .params(
                carrierId,
                actor,
                Rows.utc(now),
                before == null ? null : before.enforceNotRealname(),
                before == null ? null : Rows.utc(before.notRealnameGraceUntil()),
                after == null ? null : after.enforceNotRealname(),
                after == null ? null : Rows.utc(after.notRealnameGraceUntil()))
            .query(Long.class)
            .single();
    return new SwitchChange(id, carrierId, actor, now, before, after);
  }

  /**
   * Two first changes of one carrier at once both find no row and both insert; the loser's unique
   * violation rolls its transaction back, and once more it finds the winner's row and updates it.
   */
  private static <T> T onceMoreIfRaced(Supplier<T> change) {
    try {
      return change.get();
    } catch (DuplicateKeyException raced) {
      return change.get();
    }
  }

  private static String scope(Long carrierId) {
    return carrierId == null ? "carrier_id IS NULL" : "carrier_id = ?";
  }

  private static Object[] withScope(
      Long carrierId, SwitchSetting setting, String actor, Instant now) {
    Object[] values = {
      setting.enforceNotRealname(), Rows.utc(setting.notRealnameGraceUntil()), actor, Rows.utc(now)
    };
    if (carrierId == null) {
      return values;
    }
    Object[] scoped = Arrays.copyOf(values, values.length + 1);
    scoped[values.length] = carrierId;
    return scoped;
  }

  static RuleSwitch map(ResultSet rs, int row) throws SQLException {
    return new RuleSwitch(
        Rows.nullableLong(rs, "carrier_id"),
        rs.getBoolean("enforce_not_realname"),
        Rows.instant(rs, "not_realname_grace_until"),
        rs.getString("updated_by"),
        Rows.instant(rs, "updated_at"));
  }

  static SwitchChange mapChange(ResultSet rs, int row) throws SQLException {
    return new SwitchChange(
        rs.getLong("id"),
        Rows.nullableLong(rs, "carrier_id"),
        rs.getString("actor"),
        Rows.instant(rs, "changed_at"),
        setting(rs, "old_"),
        setting(rs, "new_"));
  }

  private static SwitchSetting setting(ResultSet rs, String prefix) throws SQLException {
    boolean enforce = rs.getBoolean(prefix + "enforce_not_realname");
    if (rs.wasNull()) {
      return null;
    }
    return new SwitchSetting(enforce, Rows.instant(rs, prefix + "not_realname_grace_until"));
  }
}
