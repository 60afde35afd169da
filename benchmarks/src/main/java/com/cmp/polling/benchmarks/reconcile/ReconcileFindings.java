package com.cmp.polling.benchmarks.reconcile;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.status.reconcile.RepairKind;
import java.util.Map;

/**
 * The sentences of the reconciler benchmark's report: the drift it made, whether the passes found
 * all of it within the sweep period, and the change marker's room in PostgreSQL.
 */
final class ReconcileFindings {

  private ReconcileFindings() {}

  static String describe(QueueDamage.Damage d) {
    return "Drift made after the first pass, none of it told to anyone: "
        + number(d.missing())
        + " carddata entries of polled cards deleted (missing); "
        + number(d.misplaced())
        + " realname entries of polled cards put in another shard as well, scored as a lease"
        + " (stray, in the wrong shard); "
        + number(d.farFuture())
        + " realname entries moved 30 days ahead (far_future); "
        + number(d.wrongType())
        + " package entries for carrier 3's cards (wrong_type); entries of deleted cards, of"
        + " cards with polling off and of ids beyond the last card; "
        + number(d.changedCards())
        + " cards switched off and "
        + number(d.changedDevices())
        + " devices switched off by plain SQL (their entries stray). "
        + number(d.stray())
        + " stray entries in all.";
  }

  static String verdict(
      QueueDamage.Damage d,
      Map<RepairKind, Long> found,
      int lastRepairing,
      long passes,
      long finalRepairs) {
    boolean all =
        found.getOrDefault(RepairKind.MISSING, 0L) == d.missing()
            && found.getOrDefault(RepairKind.STRAY, 0L) == d.stray()
            && found.getOrDefault(RepairKind.WRONG_TYPE, 0L) == d.wrongType()
            && found.getOrDefault(RepairKind.FAR_FUTURE, 0L) == d.farFuture();
    return "Found all the drift within the sweep period: **"
        + (all ? "yes" : "no")
        + "** (repaired "
        + found
        + " against missing "
        + d.missing()
        + ", stray "
        + d.stray()
        + ", wrong_type "
        + d.wrongType()
        + ", far_future "
        + d.farFuture()
        + "); the last repair came in periodic pass "
        + lastRepairing
        + " of "
        + passes
        + (finalRepairs >= 0
            ? "; the full pass after the period repaired " + finalRepairs + " entries."
            : ".");
  }

  /** The marker's room in PostgreSQL: every card inserted since the migration has a number. */
  static String markerSizes(BenchmarkPostgres postgres) {
    return postgres
        .jdbc()
        .sql(
            "SELECT pg_relation_size('idx_iot_card_planning_change'),"
                + " pg_relation_size('tb_iot_card'), count(planning_change_seq) FROM tb_iot_card")
        .query(
            rs -> {
              rs.next();
              return "The change marker's index holds "
                  + number(rs.getLong(3))
                  + " cards (every card inserted since the migration has a number) in "
                  + rs.getLong(1) / (1024 * 1024)
                  + " MiB, beside the card table's "
                  + rs.getLong(2) / (1024 * 1024)
                  + " MiB.";
            });
  }
}
