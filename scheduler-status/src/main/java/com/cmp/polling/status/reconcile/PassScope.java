package com.cmp.polling.status.reconcile;

import java.time.Instant;

/**
 * What a pass set out to compare and where the reconciler stood after it.
 *
 * @param kind incremental or full
 * @param why why a full pass ran (asked for, Redis lost, a change-stream gap, configs changed);
 *     null for an incremental one
 * @param changedCards cards compared because they, or their device, changed since the marker
 * @param marker the highest planning change number compared for good (after the pass; -1 before
 *     any)
 * @param markerLag change numbers handed out beyond the marker when the pass began
 * @param markerAt when the checkpoint the marker stands at was taken: every change committed before
 *     then has been compared; null before any
 * @param sweepPosition the last card id the sweep has compared in its current round
 * @param sweepEnd the last card id of the sweep's current round
 * @param sweepDone share of the current round's card ids compared, 0 to 1
 * @param sweepStartedAt when the sweep's current round began; null before the first
 */
public record PassScope(
    PassKind kind,
    String why,
    long changedCards,
    long marker,
    long markerLag,
    Instant markerAt,
    long sweepPosition,
    long sweepEnd,
    double sweepDone,
    Instant sweepStartedAt) {

  /** A pass that never began. */
  public static PassScope none(PassKind kind) {
    return new PassScope(kind, null, 0, -1, 0, null, 0, 0, 0, null);
  }
}
