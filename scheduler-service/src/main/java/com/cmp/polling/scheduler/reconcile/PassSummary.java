package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.PassScope;
import com.cmp.polling.status.reconcile.RepairKind;
import com.cmp.polling.status.reconcile.SkipReason;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The one log line that ends every pass: what it compared, repaired, left, and what it cost. */
final class PassSummary {

  private static final Logger log = LoggerFactory.getLogger(Reconciler.class);

  private PassSummary() {}

  static void log(PassResult result) {
    PassScope scope = result.scope();
    log.info(
        "reconcile pass ({}) {} ({}{}) in {} ms{}: {} changed cards compared, {} cards read, {}"
            + " entries scanned, {} cards looked at again; repaired {} missing, {} stray, {}"
            + " wrong_type, {} far_future; left {} recent, {} leased, {} changed; marker {} ({}"
            + " changes behind); sweep at card {} of {} ({} %) since {}; PostgreSQL {} ms, Redis"
            + " {} ms, planning {} ms, pauses {} ms",
        result.trigger(),
        result.outcome().code(),
        scope.kind().code(),
        scope.why() == null ? "" : ": " + scope.why(),
        result.took().toMillis(),
        result.note() == null ? "" : " (" + result.note() + ")",
        scope.changedCards(),
        result.cardsRead(),
        result.entriesScanned(),
        result.cardsLookedAt(),
        result.repaired(RepairKind.MISSING),
        result.repaired(RepairKind.STRAY),
        result.repaired(RepairKind.WRONG_TYPE),
        result.repaired(RepairKind.FAR_FUTURE),
        result.skipped(SkipReason.RECENT),
        result.skipped(SkipReason.LEASED),
        result.skipped(SkipReason.CHANGED),
        scope.marker(),
        scope.markerLag(),
        scope.sweepPosition(),
        scope.sweepEnd(),
        Math.round(scope.sweepDone() * 1000) / 10.0,
        scope.sweepStartedAt(),
        result.postgres().toMillis(),
        result.redis().toMillis(),
        result.planning().toMillis(),
        result.rested().toMillis());
  }
}
