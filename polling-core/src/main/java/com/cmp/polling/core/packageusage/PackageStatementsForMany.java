package com.cmp.polling.core.packageusage;

import com.cmp.polling.core.jdbc.Rows;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The statements of {@link PackageUsageStore} that serve many owners at once (the cards of a poll;
 * a single owner is a batch of one): one statement per kind of owner over arrays, built from {@link
 * PackageRule}.
 */
final class PackageStatementsForMany {

  private static final Map<PackageOwner.Kind, String> FACTS =
      new EnumMap<>(PackageOwner.Kind.class);
  private static final Map<PackageOwner.Kind, String> FACTS_IN_RANGE =
      new EnumMap<>(PackageOwner.Kind.class);
  private static final Map<PackageOwner.Kind, String> DEDUCT =
      new EnumMap<>(PackageOwner.Kind.class);
  private static final Map<PackageOwner.Kind, String> REFRESH =
      new EnumMap<>(PackageOwner.Kind.class);
  private static final Map<PackageOwner.Kind, String> ACTIVATE_PENDING =
      new EnumMap<>(PackageOwner.Kind.class);

  static {
    for (PackageOwner.Kind kind : PackageOwner.Kind.values()) {
      String facts = "SELECT * FROM (" + PackageRule.factsPerOwner(kind) + ") f WHERE ";
      FACTS.put(kind, facts + "f.owner_id = ANY(?)");
      FACTS_IN_RANGE.put(kind, facts + "f.owner_id > ? AND f.owner_id <= ?");
      DEDUCT.put(kind, deductStatement(kind));
      REFRESH.put(kind, refreshStatement(kind));
      ACTIVATE_PENDING.put(kind, activatePendingStatement(kind));
    }
  }

  private final JdbcClient jdbc;

  PackageStatementsForMany(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  Map<PackageOwner, PackageFacts> factsOf(Collection<PackageOwner> owners) {
    return perOwner(jdbc, FACTS, owners, PackageStatementsForMany::facts, PackageFacts.NONE);
  }

  /**
   * Runs one of the per-owner reads taking the owners' ids as an array, for each kind of owner
   * present, and reads each row's {@code owner_id} and value.
   *
   * @param none the value of an owner the read does not find
   * @return the value of every owner asked for
   */
  static <T> Map<PackageOwner, T> perOwner(
      JdbcClient jdbc,
      Map<PackageOwner.Kind, String> statements,
      Collection<PackageOwner> owners,
      RowMapper<T> read,
      T none) {
    Map<PackageOwner, T> found = new HashMap<>(owners.size() * 2);
    for (PackageOwner.Kind kind : PackageOwner.Kind.values()) {
      Long[] ids = idsOf(owners, kind);
      if (ids.length == 0) {
        continue;
      }
      jdbc.sql(statements.get(kind))
          .param(new SqlArrayValue("bigint", (Object[]) ids))
          .query(
              (RowCallbackHandler)
                  rs ->
                      found.put(
                          new PackageOwner(kind, rs.getLong("owner_id")), read.mapRow(rs, 0)));
    }
    for (PackageOwner owner : owners) {
      found.putIfAbsent(owner, none);
    }
    return found;
  }

  Map<PackageOwner, PackageFacts> factsOfRange(PackageOwner.Kind kind, long afterId, long lastId) {
    Map<PackageOwner, PackageFacts> facts = new HashMap<>();
    jdbc.sql(FACTS_IN_RANGE.get(kind)).params(afterId, lastId).query(collectInto(facts, kind));
    return facts;
  }

  Map<PackageOwner, PackageUsage> deductFromActiveAll(Map<PackageOwner, BigDecimal> deltas) {
    Map<PackageOwner, PackageUsage> changed = new HashMap<>(deltas.size() * 2);
    for (PackageOwner.Kind kind : PackageOwner.Kind.values()) {
      Long[] ids = idsOf(deltas.keySet(), kind);
      if (ids.length == 0) {
        continue;
      }
      Arrays.sort(ids);
      BigDecimal[] amounts = new BigDecimal[ids.length];
      for (int i = 0; i < ids.length; i++) {
        amounts[i] = deltas.get(new PackageOwner(kind, ids[i]));
      }
      jdbc.sql(DEDUCT.get(kind))
          .params(
              new SqlArrayValue("bigint", (Object[]) ids),
              new SqlArrayValue("numeric", (Object[]) amounts))
          .query(
              (RowCallbackHandler)
                  rs -> changed.put(PackageUsageStore.owner(rs, 0), PackageUsageStore.map(rs, 0)));
    }
    return changed;
  }

  Map<PackageOwner, Integer> refreshStateAll(Collection<PackageOwner> owners, Instant now) {
    return countPerOwner(REFRESH, owners, now);
  }

  Map<PackageOwner, Integer> activatePendingAll(Collection<PackageOwner> owners, Instant now) {
    return countPerOwner(ACTIVATE_PENDING, owners, now);
  }

  /**
   * Runs one of the statements taking {@code :ids} and {@code :now} for each kind of owner present.
   *
   * @return how many packages it changed, per owner that had any
   */
  private Map<PackageOwner, Integer> countPerOwner(
      Map<PackageOwner.Kind, String> statements, Collection<PackageOwner> owners, Instant now) {
    Map<PackageOwner, Integer> changed = new HashMap<>();
    for (PackageOwner.Kind kind : PackageOwner.Kind.values()) {
      Long[] ids = idsOf(owners, kind);
      if (ids.length == 0) {
        continue;
      }
      jdbc.sql(statements.get(kind))
          .param("ids", new SqlArrayValue("bigint", (Object[]) ids))
          .param("now", Rows.utc(now))
          .query(
              (RowCallbackHandler)
                  rs -> changed.merge(PackageUsageStore.owner(rs, 0), 1, Integer::sum));
    }
    return changed;
  }

  /**
   * The owners' pending or active packages past {@code expires_at} expire; their active ones at
   * their limit are exhausted (an expired one stays expired).
   */
  private static String refreshStatement(PackageOwner.Kind kind) {
    String expired = "(" + PackageRule.VALID + " AND expires_at <= :now)";
    return """
        UPDATE tb_package_usage
        SET status = CASE WHEN %1$s THEN %2$d ELSE %3$d END, updated_at = now()
        WHERE %4$s = ANY(:ids) AND %5$s AND (%1$s OR (%6$s AND %7$s))
        RETURNING iot_card_id, device_id
        """
        .formatted(
            expired,
            PackageStatus.EXPIRED.code(),
            PackageStatus.EXHAUSTED.code(),
            kind.column(),
            PackageRule.LIVE,
            PackageRule.is(PackageStatus.ACTIVE),
            PackageRule.AT_LIMIT);
  }

  /** The owners' pending packages become active now. */
  private static String activatePendingStatement(PackageOwner.Kind kind) {
    return """
        UPDATE tb_package_usage SET status = %d, activated_at = :now, updated_at = now()
        WHERE %s = ANY(:ids) AND %s AND %s
        RETURNING iot_card_id, device_id
        """
        .formatted(
            PackageStatus.ACTIVE.code(),
            kind.column(),
            PackageRule.is(PackageStatus.PENDING_ACTIVATION),
            PackageRule.LIVE);
  }

  /** Each row of {@link PackageRule#factsPerOwner} as its owner's facts, into {@code facts}. */
  private static RowCallbackHandler collectInto(
      Map<PackageOwner, PackageFacts> facts, PackageOwner.Kind kind) {
    return rs -> facts.put(new PackageOwner(kind, rs.getLong("owner_id")), facts(rs, 0));
  }

  private static PackageFacts facts(ResultSet rs, int row) throws SQLException {
    long deciding = rs.getLong("deciding_package_id");
    OptionalLong decidingId = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(deciding);
    return new PackageFacts(
        rs.getBoolean("has_valid_package"), rs.getBoolean("traffic_exhausted"), decidingId);
  }

  /**
   * Each owner's amount goes to its first active package in deciding order (the deciding package,
   * when that one is active); reaching the limit exhausts it. The owners' rows are locked in owner
   * id order, so two transactions deducting for overlapping owners wait for each other instead of
   * deadlocking.
   */
  private static String deductStatement(PackageOwner.Kind kind) {
    return """
        WITH target AS MATERIALIZED (
            SELECT t.id, d.delta
            FROM unnest(?::bigint[], ?::numeric[]) WITH ORDINALITY AS d(owner, delta, n)
            CROSS JOIN LATERAL (
                SELECT id FROM tb_package_usage
                WHERE %1$s = d.owner AND %2$s AND %3$s
                ORDER BY %4$s
                LIMIT 1 FOR UPDATE) AS t
            ORDER BY d.n)
        UPDATE tb_package_usage p
        SET data_usage_mb = p.data_usage_mb + target.delta,
            status = CASE WHEN %5$s THEN %6$d ELSE p.status END,
            updated_at = now()
        FROM target
        WHERE p.id = target.id
        RETURNING p.id, p.iot_card_id, p.device_id, p.status, p.data_limit_mb,
                  p.data_usage_mb, p.activated_at, p.expires_at
        """
        .formatted(
            kind.column(),
            PackageRule.is(PackageStatus.ACTIVE),
            PackageRule.LIVE,
            PackageRule.DECIDING_ORDER,
            PackageRule.atLimit("p.data_usage_mb + target.delta"),
            PackageStatus.EXHAUSTED.code());
  }

  /** The ids of the owners of one kind. */
  static Long[] idsOf(Collection<PackageOwner> owners, PackageOwner.Kind kind) {
    return owners.stream().filter(o -> o.kind() == kind).map(PackageOwner::id).toArray(Long[]::new);
  }
}
