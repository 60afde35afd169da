package com.cmp.polling.core.packageusage;

import com.cmp.polling.core.jdbc.Rows;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Reads and updates {@code tb_package_usage} for cards and devices; soft-deleted packages are
 * invisible. Every statement applies the package rule through {@link PackageRule}.
 */
public class PackageUsageStore {

  private static final String EXPIRE_DUE =
      """
      UPDATE tb_package_usage SET status = %d, updated_at = now()
      WHERE id IN (
          SELECT id FROM tb_package_usage
          WHERE %s AND expires_at <= ? AND %s
          ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING iot_card_id, device_id
      """
          .formatted(PackageStatus.EXPIRED.code(), PackageRule.VALID, PackageRule.LIVE);

  private static final String RESET_DUE =
      """
      UPDATE tb_package_usage
      SET data_usage_mb = 0,
          status = CASE WHEN %s THEN %d ELSE status END,
          next_reset_at = (
              SELECT min(step) FROM generate_series(
                  next_reset_at + interval '1 month', :now + interval '1 month',
                  interval '1 month') AS step
              WHERE step > :now),
          updated_at = now()
      WHERE id IN (
          SELECT id FROM tb_package_usage
          WHERE %s AND next_reset_at <= :now AND %s
          ORDER BY next_reset_at LIMIT :limit FOR UPDATE SKIP LOCKED)
      RETURNING iot_card_id, device_id
      """
          .formatted(
              PackageRule.is(PackageStatus.EXHAUSTED),
              PackageStatus.ACTIVE.code(),
              PackageRule.IN_USE,
              PackageRule.LIVE);

  private final JdbcClient jdbc;
  private final PackageStatementsForMany forMany;
  private final PackageAllowances allowances;

  public PackageUsageStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
    this.forMany = new PackageStatementsForMany(jdbc);
    this.allowances = new PackageAllowances(jdbc);
  }

  /** Every live package of the owner, whatever its status, by id (for operators). */
  public List<PackageUsage> findAll(PackageOwner owner) {
    return jdbc.sql(
            "SELECT id, iot_card_id, device_id, status, data_limit_mb, data_usage_mb,"
                + " activated_at, expires_at FROM tb_package_usage WHERE "
                + owner.kind().column()
                + " = ? AND "
                + PackageRule.LIVE
                + " ORDER BY id")
        .param(owner.id())
        .query(PackageUsageStore::map)
        .list();
  }

  /** {@link #factsOf} of one owner. */
  public PackageFacts facts(PackageOwner owner) {
    return factsOf(Set.of(owner)).get(owner);
  }

  /**
   * Both facts the stop rules need of each owner, one query per kind of owner: whether a valid
   * package (pending or active) exists, and whether the deciding package is exhausted ({@link
   * PackageRule}).
   *
   * @return the facts of every owner asked for ({@link PackageFacts#NONE} for owners without a
   *     package that counts)
   */
  public Map<PackageOwner, PackageFacts> factsOf(Collection<PackageOwner> owners) {
    return forMany.factsOf(owners);
  }

  /** {@link #allowancesOf} of one owner. */
  public PackageAllowance allowanceOf(PackageOwner owner) {
    return allowancesOf(Set.of(owner)).get(owner);
  }

  /**
   * How much data each owner's packages still allow before the package rule stops its cards for
   * exhaustion, and how fast the package in use is used ({@link PackageRule#allowancePerOwner}):
   * one query per kind of owner.
   *
   * @return the allowance of every owner asked for ({@link PackageAllowance#NONE} for owners
   *     without a package in use)
   */
  public Map<PackageOwner, PackageAllowance> allowancesOf(Collection<PackageOwner> owners) {
    return allowances.of(owners);
  }

  /**
   * The facts of the owners of one kind with an id in {@code (afterId, lastId]}, one statement: how
   * a long scan of the fleet reads them, a range of owner ids at a time. Only owners with a package
   * that counts appear; every other owner's facts are {@link PackageFacts#NONE}.
   */
  public Map<PackageOwner, PackageFacts> factsOfRange(
      PackageOwner.Kind kind, long afterId, long lastId) {
    return forMany.factsOfRange(kind, afterId, lastId);
  }

  /**
   * Adds each owner's amount to the usage of its first active package in deciding order (the
   * deciding package when that one is active); a package reaching its limit becomes exhausted. One
   * statement per kind of owner; owners are handled in id order, so two transactions deducting from
   * overlapping owners wait for each other instead of deadlocking.
   *
   * @param deltas the usage to add, per owner
   * @return the package each owner's amount went to, after the change; owners without an active
   *     package are missing
   */
  public Map<PackageOwner, PackageUsage> deductFromActiveAll(Map<PackageOwner, BigDecimal> deltas) {
    return forMany.deductFromActiveAll(deltas);
  }

  /**
   * Marks up to {@code limit} pending or active packages whose {@code expires_at} has passed as
   * expired. Rows another process is handling are skipped, so several schedulers may run this at
   * once.
   *
   * @return the owners of the packages changed
   */
  public List<PackageOwner> expireDue(Instant now, int limit) {
    return jdbc.sql(EXPIRE_DUE).params(Rows.utc(now), limit).query(PackageUsageStore::owner).list();
  }

  /**
   * The monthly data reset of up to {@code limit} active or exhausted packages whose {@code
   * next_reset_at} has come: usage back to 0, exhausted back to active, next reset on the first
   * monthly step after now.
   *
   * @return the owners of the packages changed
   */
  public List<PackageOwner> resetDue(Instant now, int limit) {
    return jdbc.sql(RESET_DUE)
        .param("now", Rows.utc(now))
        .param("limit", limit)
        .query(PackageUsageStore::owner)
        .list();
  }

  /**
   * Activates the owner's pending packages (seed: first real-name verification activates them).
   *
   * @return how many were activated
   */
  public int activatePending(PackageOwner owner, Instant now) {
    return activatePendingAll(List.of(owner), now).getOrDefault(owner, 0);
  }

  /**
   * {@link #activatePending} for many owners, one statement per kind of owner.
   *
   * @return how many packages were activated, per owner that had any
   */
  public Map<PackageOwner, Integer> activatePendingAll(
      Collection<PackageOwner> owners, Instant now) {
    return forMany.activatePendingAll(owners, now);
  }

  /**
   * Brings the owner's packages up to date: pending or active ones past {@code expires_at} expire,
   * active ones at their limit are exhausted.
   *
   * @return how many packages changed
   */
  public int refreshState(PackageOwner owner, Instant now) {
    return refreshStateAll(List.of(owner), now).getOrDefault(owner, 0);
  }

  /**
   * {@link #refreshState} for many owners (the cards of a poll), one statement per kind of owner,
   * which changes only the packages that need it (most polls change none).
   *
   * @return how many packages changed, per owner that had any
   */
  public Map<PackageOwner, Integer> refreshStateAll(Collection<PackageOwner> owners, Instant now) {
    return forMany.refreshStateAll(owners, now);
  }

  /**
   * Marks the owner's deciding package (the first in use, {@link PackageRule}) as the carrier
   * reports it: {@code EXPIRED} from active or exhausted, {@code EXHAUSTED} from active. The next
   * package in line decides after it; a pending package stays pending.
   *
   * @return the id of the package changed; empty when none is in use or it already has that status
   */
  public Optional<Long> markDeciding(PackageOwner owner, PackageStatus reported) {
    String from =
        switch (reported) {
          case EXPIRED -> PackageRule.IN_USE;
          case EXHAUSTED -> PackageRule.is(PackageStatus.ACTIVE);
          default ->
              throw new IllegalArgumentException(
                  "only an expired or exhausted package is marked, not " + reported);
        };
    return jdbc.sql(
            """
            UPDATE tb_package_usage SET status = %d, updated_at = now()
            WHERE id = (SELECT id FROM tb_package_usage WHERE %s = ? AND %s AND %s
                        ORDER BY %s LIMIT 1 FOR UPDATE)
              AND %s
            RETURNING id
            """
                .formatted(
                    reported.code(),
                    owner.kind().column(),
                    PackageRule.IN_USE,
                    PackageRule.LIVE,
                    PackageRule.DECIDING_ORDER,
                    from))
        .param(owner.id())
        .query(Long.class)
        .optional();
  }

  static PackageOwner owner(ResultSet rs, int row) throws SQLException {
    Long card = Rows.nullableLong(rs, "iot_card_id");
    return card != null ? PackageOwner.card(card) : PackageOwner.device(rs.getLong("device_id"));
  }

  static PackageUsage map(ResultSet rs, int row) throws SQLException {
    return new PackageUsage(
        rs.getLong("id"),
        Rows.nullableLong(rs, "iot_card_id"),
        Rows.nullableLong(rs, "device_id"),
        PackageStatus.fromCode(rs.getInt("status")),
        rs.getBigDecimal("data_limit_mb"),
        rs.getBigDecimal("data_usage_mb"),
        Rows.instant(rs, "activated_at"),
        Rows.instant(rs, "expires_at"));
  }
}
