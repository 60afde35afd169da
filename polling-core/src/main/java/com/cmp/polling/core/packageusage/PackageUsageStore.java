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
import org.springframework.jdbc.core.simple.JdbcClient;

/** Reads {@code tb_package_usage} for a card or a device; soft-deleted packages are invisible. */
public class PackageUsageStore {

  private static final String SELECT =
      """
      SELECT id, iot_card_id, device_id, status, data_limit_mb, data_usage_mb, activated_at,
             expires_at
      FROM tb_package_usage
      """;

  private final JdbcClient jdbc;
  private final PackageStatementsForMany forMany;

  public PackageUsageStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
    this.forMany = new PackageStatementsForMany(jdbc);
  }

  /** Packages pending activation or active (status 0 or 1): "has a valid package". */
  public List<PackageUsage> findValid(PackageOwner owner) {
    return jdbc.sql(
            SELECT
                + " WHERE "
                + owner.kind().column()
                + " = ? AND status IN (0, 1) AND deleted_at IS NULL ORDER BY id")
        .param(owner.id())
        .query(PackageUsageStore::map)
        .list();
  }

  /** Every live package of the owner, whatever its status, by id (for operators). */
  public List<PackageUsage> findAll(PackageOwner owner) {
    return jdbc.sql(
            SELECT + " WHERE " + owner.kind().column() + " = ? AND deleted_at IS NULL ORDER BY id")
        .param(owner.id())
        .query(PackageUsageStore::map)
        .list();
  }

  /**
   * The package that decides "traffic exhausted" (seed 004: as long as one active package still has
   * room, the card is not exhausted): the first active package with room (unlimited, or usage below
   * its limit), else the first active one at its limit, else the first exhausted one, else none.
   */
  public Optional<PackageUsage> findFirstActiveOrExhausted(PackageOwner owner) {
    return jdbc.sql(
            SELECT
                + " WHERE "
                + owner.kind().column()
                + " = ? AND status IN (1, 2) AND deleted_at IS NULL"
                + " ORDER BY status, (data_limit_mb > 0 AND data_usage_mb >= data_limit_mb), id"
                + " LIMIT 1")
        .param(owner.id())
        .query(PackageUsageStore::map)
        .optional();
  }

  /**
   * Both facts the stop rules need, in one round trip: whether a valid package (pending or active)
   * exists, and the deciding package of {@link #findFirstActiveOrExhausted}.
   */
  public PackageFacts facts(PackageOwner owner) {
    String column = owner.kind().column();
    return jdbc.sql(
            """
            SELECT EXISTS (SELECT 1 FROM tb_package_usage
                           WHERE %1$s = :owner AND status IN (0, 1) AND deleted_at IS NULL)
                       AS has_valid,
                   p.id, p.iot_card_id, p.device_id, p.status, p.data_limit_mb, p.data_usage_mb,
                   p.activated_at, p.expires_at
            FROM (SELECT 1) AS one
            LEFT JOIN LATERAL (
                SELECT * FROM tb_package_usage
                WHERE %1$s = :owner AND status IN (1, 2) AND deleted_at IS NULL
                ORDER BY status, (data_limit_mb > 0 AND data_usage_mb >= data_limit_mb), id
                LIMIT 1) AS p ON TRUE
            """
                .formatted(column))
        .param("owner", owner.id())
        .query(
            (rs, row) ->
                new PackageFacts(
                    rs.getBoolean("has_valid"),
                    rs.getObject("id") == null
                        ? Optional.empty()
                        : Optional.of(PackageUsageStore.map(rs, row))))
        .single();
  }

  /**
   * {@link #facts} of many owners, one query per kind of owner.
   *
   * @return the facts of every owner asked for
   */
  public Map<PackageOwner, PackageFacts> factsOf(Collection<PackageOwner> owners) {
    return forMany.factsOf(owners);
  }

  /**
   * {@link #deductFromActive} for many owners, one statement per kind of owner. Owners are handled
   * in id order, so two transactions deducting from overlapping owners wait for each other instead
   * of deadlocking.
   *
   * @param deltas the usage to add, per owner; each owner's amount goes to its deciding package, as
   *     {@link #deductFromActive} would send it
   * @return the package each owner's amount went to, after the change; owners without an active
   *     package are missing
   */
  public Map<PackageOwner, PackageUsage> deductFromActiveAll(Map<PackageOwner, BigDecimal> deltas) {
    return forMany.deductFromActiveAll(deltas);
  }

  /**
   * Marks up to {@code limit} pending or active packages whose {@code expires_at} has passed as
   * expired (status 3). Rows another process is handling are skipped, so several schedulers may run
   * this at once.
   *
   * @return the owners of the packages changed
   */
  public List<PackageOwner> expireDue(Instant now, int limit) {
    return jdbc.sql(
            """
            UPDATE tb_package_usage SET status = 3, updated_at = now()
            WHERE id IN (
                SELECT id FROM tb_package_usage
                WHERE status IN (0, 1) AND expires_at <= ? AND deleted_at IS NULL
                ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED)
            RETURNING iot_card_id, device_id
            """)
        .params(Rows.utc(now), limit)
        .query(PackageUsageStore::owner)
        .list();
  }

  /**
   * The monthly data reset of up to {@code limit} active or exhausted packages whose {@code
   * next_reset_at} has come: usage back to 0, exhausted back to active, next reset on the first
   * monthly step after now.
   *
   * @return the owners of the packages changed
   */
  public List<PackageOwner> resetDue(Instant now, int limit) {
    return jdbc.sql(
            """
            UPDATE tb_package_usage
            SET data_usage_mb = 0,
                status = CASE WHEN status = 2 THEN 1 ELSE status END,
                next_reset_at = (
                    SELECT min(step) FROM generate_series(
                        next_reset_at + interval '1 month', :now + interval '1 month',
                        interval '1 month') AS step
                    WHERE step > :now),
                updated_at = now()
            WHERE id IN (
                SELECT id FROM tb_package_usage
                WHERE status IN (1, 2) AND next_reset_at <= :now AND deleted_at IS NULL
                ORDER BY next_reset_at LIMIT :limit FOR UPDATE SKIP LOCKED)
            RETURNING iot_card_id, device_id
            """)
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
    return jdbc.sql(
            "UPDATE tb_package_usage SET status = 1, activated_at = ?, updated_at = now() WHERE "
                + owner.kind().column()
                + " = ? AND status = 0 AND deleted_at IS NULL")
        .params(Rows.utc(now), owner.id())
        .update();
  }

  /**
   * Adds {@code deltaMb} to the usage of the owner's deciding active package (the first with room,
   * else the first at its limit); a package reaching its limit becomes exhausted.
   *
   * @return the package after the change, or empty when the owner has no active package
   */
  public Optional<PackageUsage> deductFromActive(PackageOwner owner, BigDecimal deltaMb) {
    return jdbc.sql(
            """
            UPDATE tb_package_usage
            SET data_usage_mb = data_usage_mb + :delta,
                status = CASE WHEN data_limit_mb > 0 AND data_usage_mb + :delta >= data_limit_mb
                              THEN 2 ELSE status END,
                updated_at = now()
            WHERE id = (
                SELECT id FROM tb_package_usage
                WHERE %s = :owner AND status = 1 AND deleted_at IS NULL
                ORDER BY (data_limit_mb > 0 AND data_usage_mb >= data_limit_mb), id
                LIMIT 1 FOR UPDATE)
            RETURNING id, iot_card_id, device_id, status, data_limit_mb, data_usage_mb,
                      activated_at, expires_at
            """
                .formatted(owner.kind().column()))
        .param("delta", deltaMb)
        .param("owner", owner.id())
        .query(PackageUsageStore::map)
        .optional();
  }

  /**
   * Brings the owner's packages up to date: pending or active ones past {@code expires_at} expire
   * (3), active ones at their limit are exhausted (2).
   *
   * @return how many packages changed
   */
  public int refreshState(PackageOwner owner, Instant now) {
    String column = owner.kind().column();
    int expired =
        jdbc.sql(
                "UPDATE tb_package_usage SET status = 3, updated_at = now() WHERE "
                    + column
                    + " = ? AND status IN (0, 1) AND expires_at <= ? AND deleted_at IS NULL")
            .params(owner.id(), Rows.utc(now))
            .update();
    int exhausted =
        jdbc.sql(
                "UPDATE tb_package_usage SET status = 2, updated_at = now() WHERE "
                    + column
                    + " = ? AND status = 1 AND data_limit_mb > 0 AND data_usage_mb >= data_limit_mb"
                    + " AND deleted_at IS NULL")
            .param(owner.id())
            .update();
    return expired + exhausted;
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
