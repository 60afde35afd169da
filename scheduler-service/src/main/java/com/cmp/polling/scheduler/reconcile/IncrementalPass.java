package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.queue.QueueAudit;
import com.cmp.polling.core.queue.QueueEntry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The periodic pass, whose cost follows what changed rather than the fleet: the cards changed since
 * the marker ({@link ChangedCards}), the entries scored far in the future in every queue (one
 * ZRANGEBYSCORE each, normally empty), then this pass's slice of the sweep ({@link Sweep}). No part
 * scans a whole queue: entries of cards not polled or gone, and entries under a task type the
 * card's config lacks, leave their queues by themselves when they come due (the check handlers drop
 * them), and the far-future read catches those that never would.
 */
final class IncrementalPass {

  private final ChangedCards changed;
  private final Sweep sweep;
  private final QueueAudit queues;
  private final CardRepairs repairs;
  private final FarFuture farFuture;
  private final int pageSize;
  private final Duration pause;

  IncrementalPass(
      ChangedCards changed,
      Sweep sweep,
      QueueAudit queues,
      CardRepairs repairs,
      FarFuture farFuture,
      int pageSize,
      Duration pause) {
    this.changed = changed;
    this.sweep = sweep;
    this.queues = queues;
    this.repairs = repairs;
    this.farFuture = farFuture;
    this.pageSize = pageSize;
    this.pause = pause;
  }

  /**
   * @return null when every part ran to its end, else why the pass stopped
   */
  String run(ReconcileProgress progress, PassTally tally, Supplier<String> keepGoing) {
    Pacing pacing = new Pacing(pause, keepGoing);
    try {
      changed.run(progress.marker, tally, pacing);
      List<QueueEntry> far = tally.redis(() -> queues.entriesAfter(farFuture.horizon(), pageSize));
      Set<Long> ids = new LinkedHashSet<>();
      List<QueueEntry> misplaced = new ArrayList<>();
      for (QueueEntry entry : far) {
        if (queues.inItsCardsShard(entry)) {
          ids.add(entry.cardId());
        } else {
          misplaced.add(entry);
        }
      }
      repairs.removeMisplaced(misplaced, tally);
      repairs.confirm(new ArrayList<>(ids), tally);
      sweep.run(progress, tally, pacing);
      return null;
    } catch (Pacing.Stop stop) {
      return stop.getMessage();
    }
  }
}
