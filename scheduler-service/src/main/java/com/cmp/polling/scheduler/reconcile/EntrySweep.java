package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.queue.QueueAudit;
import com.cmp.polling.core.queue.QueueEntry;
import com.cmp.polling.core.queue.ScanStep;
import com.cmp.polling.schemas.task.TaskType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The sweep's walk over the queue entries: one ZSCAN per queue, its cursor kept in the progress
 * from pass to pass, queue after queue, so that every entry is seen once per round. It looks only
 * for what the queues do not clean by themselves and no card's comparison finds: an entry in
 * another shard's queue than its card's (leased and dropped as superseded again and again, never
 * completed), and an entry of an id beyond the last card (no card page holds it). Everything else
 * an entry can be wrong about is found by the card slice, cleaned by the handlers when it comes due
 * (a card not polled or gone is dropped, a task type the config lacks leaves at completion), or far
 * in the future (read every pass).
 */
final class EntrySweep {

  private final QueueAudit queues;
  private final CardRepairs repairs;
  private final int pageSize;

  EntrySweep(QueueAudit queues, CardRepairs repairs, int pageSize) {
    this.queues = queues;
    this.repairs = repairs;
    this.pageSize = pageSize;
  }

  /** Whether the round's walk has passed every queue. */
  boolean finished(ReconcileProgress progress) {
    return progress.scanQueue >= queueCount();
  }

  /**
   * Scans about {@code budget} members from where the walk stands.
   *
   * @param lastId the highest card id now: entries above it have no row
   */
  void run(ReconcileProgress progress, long budget, long lastId, PassTally tally, Pacing pacing) {
    long left = budget;
    while (left > 0 && !finished(progress)) {
      TaskType type = TaskType.values()[progress.scanQueue / queues.shardCount()];
      int shard = progress.scanQueue % queues.shardCount();
      long cursor = progress.scanCursor;
      int count = (int) Math.min(pageSize, left);
      ScanStep step = tally.redis(() -> queues.scanStep(shard, type, cursor, count));
      List<QueueEntry> misplaced = new ArrayList<>();
      Set<Long> beyond = new LinkedHashSet<>();
      for (QueueEntry entry : step.entries()) {
        if (!queues.inItsCardsShard(entry)) {
          misplaced.add(entry);
        } else if (entry.cardId() > lastId) {
          beyond.add(entry.cardId());
        }
      }
      repairs.removeMisplaced(misplaced, tally);
      repairs.confirm(new ArrayList<>(beyond), tally);
      tally.entriesScanned(step.membersSeen());
      progress.scanDone += step.membersSeen();
      left -= Math.max(1, step.membersSeen());
      if (step.finished()) {
        progress.scanQueue++;
        progress.scanCursor = 0;
      } else {
        progress.scanCursor = step.nextCursor();
      }
      pacing.between(step.membersSeen() >= pageSize, tally);
    }
  }

  private int queueCount() {
    return queues.shardCount() * TaskType.values().length;
  }
}
