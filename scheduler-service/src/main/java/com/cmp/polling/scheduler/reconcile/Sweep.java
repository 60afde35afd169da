package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.PlanningChanges;
import com.cmp.polling.core.card.PlanningChanges.IdRange;
import com.cmp.polling.core.queue.QueueAudit;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sweep: what no change shows (an entry deleted or added by hand, a Redis snapshot restored, a
 * bug) found within the sweep period, a slice per periodic pass. A round covers the card id range
 * as it was when the round began, compared card by card ({@link CardPages}: missing checks, entries
 * of cards not polled or of ids without a row, wrong task types, far-future scores), and every
 * entry of every queue ({@link EntrySweep}: entries in another shard than their card's, entries of
 * ids beyond the last card). Each pass takes the share of both that one interval is of the period,
 * or more when passes fell behind it (passes left out, an instance down); the round starts again
 * once both are done. Cards created since the round began are compared by the change part (an
 * insert is a change) and by the next round.
 */
final class Sweep {

  private static final Logger log = LoggerFactory.getLogger(Reconciler.class);

  private final PlanningChanges changes;
  private final CardPages pages;
  private final CardRepairs repairs;
  private final EntrySweep entries;
  private final QueueAudit queues;
  private final int pageSize;
  private final Duration interval;
  private final Duration period;
  private final Clock clock;

  Sweep(
      PlanningChanges changes,
      CardPages pages,
      CardRepairs repairs,
      EntrySweep entries,
      QueueAudit queues,
      int pageSize,
      Duration interval,
      Duration period,
      Clock clock) {
    this.changes = changes;
    this.pages = pages;
    this.repairs = repairs;
    this.entries = entries;
    this.queues = queues;
    this.pageSize = pageSize;
    this.interval = interval;
    this.period = period;
    this.clock = clock;
  }

  /** This pass's slice; the position moves in {@code progress} as pages are compared. */
  void run(ReconcileProgress progress, PassTally tally, Pacing pacing) {
    Instant now = clock.instant();
    Optional<IdRange> range = tally.postgres(changes::idRange);
    if (progress.sweepStartedAt == null) {
      startRound(progress, range, now, tally);
    }
    // A period no longer than the interval: every pass sweeps the whole round.
    boolean whole = period.compareTo(interval) <= 0;
    long ids = progress.sweepLast - progress.sweepFirst + 1;
    long idsDone = progress.sweepAfter - progress.sweepFirst + 1;
    long upTo =
        whole
            ? progress.sweepLast
            : Math.min(
                progress.sweepLast,
                progress.sweepAfter + share(ids, idsDone, progress.sweepStartedAt, now));
    compareCards(progress, upTo, tally, pacing);
    long lastId = range.map(IdRange::last).orElse(0L);
    long budget =
        whole
            ? Long.MAX_VALUE
            : share(progress.scanTotal, progress.scanDone, progress.sweepStartedAt, now);
    entries.run(progress, budget, lastId, tally, pacing);
    if (progress.sweepAfter >= progress.sweepLast && entries.finished(progress)) {
      progress.sweepRounds++;
      progress.sweepCompletedAt = now;
      log.info(
          "reconcile sweep round {} completed: card ids {} to {} and {} queue entries compared"
              + " since {}",
          progress.sweepRounds,
          progress.sweepFirst,
          progress.sweepLast,
          progress.scanDone,
          progress.sweepStartedAt);
      startRound(progress, range, now, tally);
    }
  }

  /** After a full pass, which compared the whole fleet: the next round starts now. */
  void restart(ReconcileProgress progress, PassTally tally) {
    startRound(progress, tally.postgres(changes::idRange), clock.instant(), tally);
  }

  /** A round from now over today's id range and entries. */
  private void startRound(
      ReconcileProgress progress, Optional<IdRange> range, Instant now, PassTally tally) {
    long entryCount = tally.redis(queues::entryCount);
    progress.startRound(
        now, range.map(IdRange::first).orElse(1L), range.map(IdRange::last).orElse(0L), entryCount);
  }

  /**
   * How much of {@code total} this pass takes: one interval's share of the period, or what the
   * round's elapsed time asks when that is more (never below 1 while something is left).
   */
  long share(long total, long done, Instant roundStart, Instant now) {
    if (total <= 0) {
      return 0;
    }
    double perPass = (double) total * interval.toMillis() / period.toMillis();
    double elapsed = Math.max(0, Duration.between(roundStart, now).toMillis());
    double owed = (double) total * elapsed / period.toMillis() - done;
    return Math.max(1, (long) Math.ceil(Math.max(perPass, owed)));
  }

  private void compareCards(ReconcileProgress progress, long upTo, PassTally tally, Pacing pacing) {
    while (progress.sweepAfter < upTo) {
      long after = progress.sweepAfter;
      List<Card> page = tally.postgres(() -> changes.liveCardsBetween(after, upTo, pageSize));
      long last = page.size() == pageSize ? page.get(page.size() - 1).id() : upTo;
      repairs.confirm(pages.differing(page, idsWithoutRow(page, after, last), tally), tally);
      tally.cardsRead(page.size());
      progress.sweepAfter = last;
      pacing.between(page.size() == pageSize, tally);
    }
  }

  /**
   * The ids of {@code (after, last]} with no live row (deleted cards, gaps of the sequence): any
   * entry they have is stray. Looked up where they are no more than a page, so that a sparse id
   * range costs no more than a dense one; the entries of the others clean themselves (the handlers
   * drop a card that is gone when its entry comes due) or are far in the future.
   */
  private List<Long> idsWithoutRow(List<Card> page, long after, long last) {
    long gaps = last - after - page.size();
    if (gaps <= 0 || gaps > pageSize) {
      return List.of();
    }
    List<Long> ids = new ArrayList<>((int) gaps);
    int next = 0;
    for (long id = after + 1; id <= last; id++) {
      if (next < page.size() && page.get(next).id() == id) {
        next++;
      } else {
        ids.add(id);
      }
    }
    return ids;
  }
}
