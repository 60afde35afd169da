package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.status.reconcile.PassKind;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.PassResult.Outcome;
import com.cmp.polling.status.reconcile.PassScope;
import com.cmp.polling.status.reconcile.RepairKind;
import com.cmp.polling.status.reconcile.SkipReason;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;

/** The counts and costs of the pass under way. Used by the reconciler's thread only. */
final class PassTally {

  private final String trigger;
  private final Instant startedAt;
  private final Duration settle;
  private final PassKind kind;
  private final String why;
  private final Map<RepairKind, Long> repairs = new EnumMap<>(RepairKind.class);
  private final Map<SkipReason, Long> skipped = new EnumMap<>(SkipReason.class);
  private long cardsRead;
  private long entriesScanned;
  private long cardsLookedAt;
  private long postgresNanos;
  private long redisNanos;
  private long planningNanos;
  private long restedNanos;
  private long changedCards;
  private long lowestRecentChange = Long.MAX_VALUE;
  private PassScope standing;

  PassTally(String trigger, Instant startedAt, Duration settle) {
    this(trigger, startedAt, settle, PassKind.FULL, null);
  }

  PassTally(String trigger, Instant startedAt, Duration settle, PassKind kind, String why) {
    this.trigger = trigger;
    this.startedAt = startedAt;
    this.settle = settle;
    this.kind = kind;
    this.why = why;
    for (RepairKind repair : RepairKind.values()) {
      repairs.put(repair, 0L);
    }
    for (SkipReason reason : SkipReason.values()) {
      skipped.put(reason, 0L);
    }
  }

  void cardsRead(int count) {
    cardsRead += count;
  }

  void entriesScanned(int count) {
    entriesScanned += count;
  }

  void lookedAt(int count) {
    cardsLookedAt += count;
  }

  /** Cards compared because they or their device changed since the marker. */
  void changedCards(int count) {
    changedCards += count;
  }

  long changedCards() {
    return changedCards;
  }

  /** A card's difference left to the change stream: the marker must stay below its change. */
  void leftAsRecent(long change) {
    lowestRecentChange = Math.min(lowestRecentChange, change);
  }

  /** The lowest change number of a card left as recent; Long.MAX_VALUE when none was. */
  long lowestRecentChange() {
    return lowestRecentChange;
  }

  long cardsRead() {
    return cardsRead;
  }

  /** Where the marker and the sweep stand once the pass ended, for its result. */
  void standing(ReconcileProgress progress, long lastChange) {
    long marker = progress.marker == null ? -1 : progress.marker;
    standing =
        new PassScope(
            kind,
            why,
            changedCards,
            marker,
            Math.max(0, lastChange - Math.max(marker, 0)),
            progress.markerAt,
            progress.sweepAfter,
            progress.sweepLast,
            progress.sweepShare(),
            progress.sweepStartedAt);
  }

  void repaired(RepairKind kind) {
    repairs.merge(kind, 1L, Long::sum);
  }

  void skipped(SkipReason reason, int count) {
    skipped.merge(reason, (long) count, Long::sum);
  }

  <T> T postgres(Supplier<T> read) {
    long started = System.nanoTime();
    try {
      return read.get();
    } finally {
      postgresNanos += System.nanoTime() - started;
    }
  }

  <T> T redis(Supplier<T> call) {
    long started = System.nanoTime();
    try {
      return call.get();
    } finally {
      redisNanos += System.nanoTime() - started;
    }
  }

  void rested(long nanos) {
    restedNanos += nanos;
  }

  /** Redis time measured by the caller. */
  void redisNanos(long nanos) {
    redisNanos += nanos;
  }

  <T> T planning(Supplier<T> plan) {
    long started = System.nanoTime();
    try {
      return plan.get();
    } finally {
      planningNanos += System.nanoTime() - started;
    }
  }

  /** The pass as it stands (finishedAt null while {@code RUNNING}). */
  PassResult result(Outcome outcome, String note, Instant finishedAt) {
    return new PassResult(
        outcome,
        trigger,
        startedAt,
        finishedAt,
        note,
        cardsRead,
        entriesScanned,
        cardsLookedAt,
        repairs,
        skipped,
        settle,
        Duration.ofNanos(postgresNanos),
        Duration.ofNanos(redisNanos),
        Duration.ofNanos(planningNanos),
        Duration.ofNanos(restedNanos),
        standing != null
            ? standing
            : new PassScope(kind, why, changedCards, -1, 0, null, 0, 0, 0, null));
  }
}
