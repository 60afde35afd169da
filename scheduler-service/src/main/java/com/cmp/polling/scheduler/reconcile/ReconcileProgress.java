package com.cmp.polling.scheduler.reconcile;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the reconciler stands between passes, whichever instance ran the last one (kept in {@code
 * polling:reconcile:progress} by {@link ProgressStore}): the change marker, the sweep's position,
 * and what the last full pass saw. Read at a pass's start and written at its end, under the pass
 * lock; used by the reconciler's thread only.
 */
final class ReconcileProgress {

  /**
   * Where the change numbers and the transactions stood when a pass began.
   *
   * @param lastChange the highest change number handed out then
   * @param nextTransaction a transaction id taken right after: every writer that could still commit
   *     a change up to {@code lastChange} has a lower one
   * @param takenAt when, by the scheduler's clock
   */
  record Checkpoint(long lastChange, long nextTransaction, Instant takenAt) {}

  /** The highest change number compared for good; null when nothing is known (a full pass next). */
  Long marker;

  /** When the checkpoint the marker stands at was taken. */
  Instant markerAt;

  /** Checkpoints of recent passes, oldest first: those not yet committed or settled. */
  List<Checkpoint> checkpoints = new ArrayList<>();

  /**
   * What the last completed full pass saw: when the queues were built (the initializer's start).
   */
  String queuesBuilt;

  /** ... the listener's record of its replication slot's creation. */
  String slotCreated;

  /** ... the polling configs' fingerprint. */
  String configsCompared;

  /** The newest configs fingerprint seen, and since when: a changed one waits a settle window. */
  String configsSeen;

  Instant configsSeenAt;

  /** Whether the replication slot existed at the last pass; null before the first look. */
  Boolean slotPresent;

  /** A reason for a full pass found by one pass and kept until a full pass completes. */
  String fullPending;

  /** The sweep's current round: when it began, the card id range it covers, how far it came. */
  Instant sweepStartedAt;

  long sweepFirst;

  long sweepLast;

  /** The last card id compared in this round. */
  long sweepAfter;

  /** The queue being scanned (type-major: type ordinal × shard count + shard) and its cursor. */
  int scanQueue;

  long scanCursor;

  /** Queue entries when the round began, and entries scanned in it so far. */
  long scanTotal;

  long scanDone;

  /** Rounds completed, and when the last one ended. */
  long sweepRounds;

  Instant sweepCompletedAt;

  /** A new round from now, over the card ids {@code first}..{@code last} and {@code entries}. */
  void startRound(Instant now, long first, long last, long entries) {
    sweepStartedAt = now;
    sweepFirst = first;
    sweepLast = last;
    sweepAfter = first - 1;
    scanQueue = 0;
    scanCursor = 0;
    scanTotal = entries;
    scanDone = 0;
  }

  /** Share of the current round's card ids compared, 0 to 1. */
  double sweepShare() {
    long ids = sweepLast - sweepFirst + 1;
    return ids <= 0 ? 1 : Math.min(1, Math.max(0, (double) (sweepAfter - sweepFirst + 1) / ids));
  }
}
