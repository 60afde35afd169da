package com.cmp.polling.core.packageusage;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The package rule (docs/architecture.md, "The rules"), written once, as SQL over {@code
 * tb_package_usage}. Every statement that decides something about packages is built from these
 * fragments, and Java only reads the verdicts they compute ({@link PackageFacts}, the status a
 * deduction leaves):
 *
 * <ul>
 *   <li>{@link #VALID}: pending activation or active — the owner has a package to use, or soon;
 *   <li>{@link #IN_USE}: active or exhausted — activated and not expired; only these decide;
 *   <li>{@link #AT_LIMIT}: a limited package (limit above 0; 0 means unlimited) whose usage has
 *       reached its limit;
 *   <li>{@link #EXHAUSTED}: status exhausted, or at its limit;
 *   <li>{@link #DECIDING_ORDER}: the package in use that comes first decides: active before
 *       exhausted, with room before at its limit, older first (as long as one active package has
 *       room, the owner is not exhausted). The deduction target is the first active package in that
 *       order, which is the deciding package whenever that one is active;
 *   <li>{@link #factsPerOwner}: the owner's verdicts, grouped per owner;
 *   <li>{@link #allowancePerOwner}: how much data the owner's packages still allow before the
 *       deciding package is exhausted, grouped per owner.
 * </ul>
 *
 * <p>Why constants built in Java rather than a database view or function: the status codes then
 * come from {@link PackageStatus} and nowhere else (a view would repeat them in a migration); the
 * rule ships with the code that reads its columns, so there is no migration to keep in step during
 * a rolling deploy; and the planner sees exactly the SQL a simple view would expand to, so the
 * owner indexes and the partial indexes of migration V3 (whose predicates are {@link #VALID} and
 * {@link #IN_USE} written out) still match. {@link #factsPerOwner} is meant to be used like a view:
 * a derived table that a condition on {@code owner_id} narrows before grouping.
 *
 * <p>The fragments name the columns of {@code tb_package_usage} unqualified: use them where that
 * table is the only one in scope with those column names.
 */
public final class PackageRule {

  /** Soft-deleted packages are invisible to every rule. */
  static final String LIVE = "deleted_at IS NULL";

  /** Pending activation or active: "has a valid package". */
  static final String VALID = statusIn(PackageStatus.PENDING_ACTIVATION, PackageStatus.ACTIVE);

  /** Active or exhausted: the packages that may decide "traffic exhausted". */
  static final String IN_USE = statusIn(PackageStatus.ACTIVE, PackageStatus.EXHAUSTED);

  /** A limited package whose usage has reached its limit (0 MB means unlimited). */
  static final String AT_LIMIT = atLimit("data_usage_mb");

  /** Exhausted by status, or at its limit although still marked active. */
  static final String EXHAUSTED = "(" + is(PackageStatus.EXHAUSTED) + " OR " + AT_LIMIT + ")";

  /** The order in which packages in use decide; the first one decides. */
  static final String DECIDING_ORDER = is(PackageStatus.EXHAUSTED) + ", " + AT_LIMIT + ", id";

  /** {@link #VALID} or {@link #IN_USE}: expired packages take part in no rule. */
  private static final String COUNTS =
      statusIn(PackageStatus.PENDING_ACTIVATION, PackageStatus.ACTIVE, PackageStatus.EXHAUSTED);

  private PackageRule() {}

  /**
   * {@link #AT_LIMIT} of a usage about to be stored (a deduction's new usage).
   *
   * @param usage an SQL expression of the usage in MB
   */
  static String atLimit(String usage) {
    return "(data_limit_mb > 0 AND " + usage + " >= data_limit_mb)";
  }

  /** {@code status = <code>}. */
  static String is(PackageStatus status) {
    return "status = " + status.code();
  }

  /**
   * The package facts of every owner of one kind that has a package counting for the rule, one row
   * each, columns {@code owner_id}, {@code has_valid_package}, {@code traffic_exhausted} (the
   * deciding package is {@link #EXHAUSTED}; false when no package is in use) and {@code
   * deciding_package_id} (null when none is in use). Owners missing from the result have no
   * package, or only expired or deleted ones: {@link PackageFacts#NONE}.
   *
   * <p>Use it as a derived table, {@code FROM (<this>) f WHERE f.owner_id ...}: PostgreSQL applies
   * a condition on the grouping column before grouping, through the owner index, so the same text
   * serves one owner ({@code = ?}), the owners of a poll ({@code = ANY(?)}) and a set-based scan of
   * the fleet (an id range, or no condition, for a hash aggregate over the table).
   */
  public static String factsPerOwner(PackageOwner.Kind kind) {
    return """
        SELECT %1$s AS owner_id,
               bool_or(%2$s) AS has_valid_package,
               COALESCE((array_agg(%3$s ORDER BY %4$s) FILTER (WHERE %5$s))[1], FALSE)
                   AS traffic_exhausted,
               (array_agg(id ORDER BY %4$s) FILTER (WHERE %5$s))[1] AS deciding_package_id
        FROM tb_package_usage
        WHERE %1$s IS NOT NULL AND %6$s AND %7$s
        GROUP BY %1$s
        """
        .formatted(kind.column(), VALID, EXHAUSTED, DECIDING_ORDER, IN_USE, LIVE, COUNTS);
  }

  /**
   * The data allowance of every owner of one kind with a package in use ({@link PackageAllowance}),
   * one row each, columns {@code owner_id}; {@code unlimited} (an active package without a limit:
   * usage never exhausts the owner); {@code remaining_mb}, the room left in its active limited
   * packages (as long as one of them has room, it decides before any exhausted one, so the owner is
   * stopped for exhaustion only once all of it is used; 0 when none has room); {@code
   * current_used_mb} and {@code current_since}, what the package deductions go to now (the first
   * active one in deciding order) has used, and since when: its activation, or its last monthly
   * reset when later (both null when no package is active). Owners missing from the result have no
   * package in use. Used as a derived table like {@link #factsPerOwner}.
   */
  public static String allowancePerOwner(PackageOwner.Kind kind) {
    String active = is(PackageStatus.ACTIVE);
    return """
        SELECT %1$s AS owner_id,
               bool_or(%2$s AND data_limit_mb = 0) AS unlimited,
               COALESCE(sum(data_limit_mb - data_usage_mb)
                            FILTER (WHERE %2$s AND data_limit_mb > 0 AND NOT %3$s), 0)
                   AS remaining_mb,
               (array_agg(data_usage_mb ORDER BY %4$s) FILTER (WHERE %2$s))[1] AS current_used_mb,
               (array_agg(GREATEST(activated_at, next_reset_at - interval '1 month')
                          ORDER BY %4$s) FILTER (WHERE %2$s))[1] AS current_since
        FROM tb_package_usage
        WHERE %1$s IS NOT NULL AND %5$s AND %6$s
        GROUP BY %1$s
        """
        .formatted(kind.column(), active, AT_LIMIT, DECIDING_ORDER, IN_USE, LIVE);
  }

  private static String statusIn(PackageStatus... statuses) {
    return Arrays.stream(statuses)
        .map(s -> String.valueOf(s.code()))
        .collect(Collectors.joining(", ", "status IN (", ")"));
  }
}
