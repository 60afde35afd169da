package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.card.PlanningChanges;
import com.cmp.polling.core.card.PlanningChanges.MarkerReading;
import com.cmp.polling.scheduler.reconcile.ReconcileProgress.Checkpoint;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The planning change marker: up to which change number every card and device change has been
 * compared for good, so that a pass reads only the rows changed after it.
 *
 * <p>Change numbers come from a sequence, and a sequence is not transactional: a writer may draw a
 * number, and commit after a later number was committed and read. So the marker never moves past a
 * number just because it was seen. Each pass begins with a checkpoint (the highest number handed
 * out, then a transaction id taken at once: every writer that could hold a number up to it has a
 * lower id) and waits a moment for those writers to end. A checkpoint is <em>committed</em> once
 * the oldest transaction still running is not older than its id: every change up to its number is
 * then visible or gone for good, so a pass that starts reading after that sees them all. A
 * transaction left open holds every later checkpoint back, however long it lasts: its change is
 * compared once it commits, never skipped. A checkpoint is <em>settled</em> once it is committed
 * and older than the settle window: the change stream has had its time for every change up to it,
 * so a difference such a card still shows is the queues' own ({@link CardRepairs}).
 */
final class ChangeMarker {

  /** How long a pass waits at its start for the writers of its checkpoint to end. */
  static final Duration COMMIT_WAIT = Duration.ofSeconds(1);

  private static final long POLL_MILLIS = 20;
  private static final int KEPT = 16;

  /**
   * Where the marker stands as a pass begins.
   *
   * @param lastChange the highest change number handed out
   * @param committed the highest committed checkpoint's number: the marker may move up to it once
   *     the pass completes; null when none is
   * @param committedAt when that checkpoint was taken
   * @param settled the highest settled checkpoint's number; -1 when none is
   * @param wentBack the sequence is below the marker: PostgreSQL was restored from a backup or the
   *     sequence was reset, and the numbers compared no longer mean anything
   */
  record Start(
      long lastChange, Long committed, Instant committedAt, long settled, boolean wentBack) {}

  private final PlanningChanges changes;
  private final Clock clock;
  private final Duration commitWait;

  ChangeMarker(PlanningChanges changes, Clock clock, Duration commitWait) {
    this.changes = changes;
    this.clock = clock;
    this.commitWait = commitWait;
  }

  /** Takes this pass's checkpoint and says where the marker stands; updates the checkpoints. */
  Start begin(ReconcileProgress progress, Duration window) {
    MarkerReading reading = changes.readMarker();
    Instant now = clock.instant();
    long oldestRunning = awaitWriters(reading.nextTransaction());
    boolean wentBack = progress.marker != null && reading.lastChange() < progress.marker;
    List<Checkpoint> checkpoints = new ArrayList<>();
    for (Checkpoint c : progress.checkpoints) {
      if (!wentBack && c.lastChange() <= reading.lastChange()) {
        checkpoints.add(c);
      }
    }
    checkpoints.add(new Checkpoint(reading.lastChange(), reading.nextTransaction(), now));
    Checkpoint committed = null;
    long settled = -1;
    int settledAt = -1;
    for (int i = 0; i < checkpoints.size(); i++) {
      Checkpoint c = checkpoints.get(i);
      if (c.nextTransaction() > oldestRunning) {
        break; // later ones were taken later still: not committed either
      }
      committed = c;
      if (!c.takenAt().isAfter(now.minus(window))) {
        settled = c.lastChange();
        settledAt = i;
      }
    }
    // Older than the newest settled checkpoint, none can serve again.
    List<Checkpoint> kept =
        new ArrayList<>(checkpoints.subList(Math.max(0, settledAt), checkpoints.size()));
    while (kept.size() > KEPT) {
      kept.remove(kept.size() / 2);
    }
    progress.checkpoints = kept;
    return new Start(
        reading.lastChange(),
        committed == null ? null : committed.lastChange(),
        committed == null ? null : committed.takenAt(),
        settled,
        wentBack);
  }

  /**
   * Moves the marker after a completed pass: to the committed checkpoint, but below the lowest
   * change a difference was left to the change stream for (that card must be read again), and never
   * back, except after the sequence went back.
   *
   * @param lowestRecent the lowest change number of a card left as recent; Long.MAX_VALUE for none
   */
  static void advance(ReconcileProgress progress, Start start, long lowestRecent) {
    long old = start.wentBack() || progress.marker == null ? -1 : progress.marker;
    if (start.committed() == null) {
      if (progress.marker == null || start.wentBack()) {
        progress.marker = old == -1 ? 0L : old;
        progress.markerAt = null;
      }
      return;
    }
    long target = start.committed();
    Instant at = start.committedAt();
    if (lowestRecent != Long.MAX_VALUE && lowestRecent > old && lowestRecent - 1 < target) {
      target = lowestRecent - 1;
      at = progress.markerAt;
    }
    if (target >= old) {
      progress.marker = Math.max(target, 0);
      progress.markerAt = at;
    }
  }

  private long awaitWriters(long transaction) {
    long deadline = System.nanoTime() + commitWait.toNanos();
    long oldest = changes.oldestRunningTransaction();
    while (oldest < transaction && System.nanoTime() < deadline) {
      try {
        TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return oldest;
      }
      oldest = changes.oldestRunningTransaction();
    }
    return oldest;
  }
}
