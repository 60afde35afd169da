package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.enrollment.Timing;
import com.cmp.polling.core.queue.QueueAudit;
import com.cmp.polling.core.queue.QueueEntry;
import com.cmp.polling.core.queue.QueuedCard;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.scheduler.reconcile.ChangeTimes.CardChange;
import com.cmp.polling.status.reconcile.RepairKind;
import com.cmp.polling.status.reconcile.SkipReason;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Looks again at cards that seemed out of step and repairs what is still wrong. The queues are read
 * first and PostgreSQL after, so the truth compared is never older than the queue state it is
 * compared with (a change the change stream applied in between is seen in the database too, and not
 * undone). A difference is left alone when the card, its device or the configs changed within the
 * settle window (unless the same difference was already found a window ago: {@link Suspicions}, or
 * the card's last planning change is settled: its timestamps then moved for other reasons, such as
 * usage accounting); the configs' last change is read again first, so that a change the pass was
 * not told of is never undone with the old configs. An entry that may be a lease is never removed.
 * Every write is conditional ({@link QueueAudit}): an entry someone changed since it was read is
 * skipped as {@code changed}. Each repair is logged, one line each.
 */
final class CardRepairs {

  private static final Logger log = LoggerFactory.getLogger(CardRepairs.class);

  private final CardStore cards;
  private final ChangeTimes changes;
  private final PollingConfigManager configs;
  private final CardPlanner planner;
  private final QueueAudit queues;
  private final SettleWindow settle;
  private final Suspicions suspicions;
  private final FarFuture farFuture;
  private final ReconcilerMetrics metrics;
  private final Clock clock;

  CardRepairs(
      CardStore cards,
      ChangeTimes changes,
      PollingConfigManager configs,
      CardPlanner planner,
      QueueAudit queues,
      SettleWindow settle,
      Suspicions suspicions,
      FarFuture farFuture,
      ReconcilerMetrics metrics,
      Clock clock) {
    this.cards = cards;
    this.changes = changes;
    this.configs = configs;
    this.planner = planner;
    this.queues = queues;
    this.settle = settle;
    this.suspicions = suspicions;
    this.farFuture = farFuture;
    this.metrics = metrics;
    this.clock = clock;
  }

  /** The cards read again, queues then PostgreSQL, and what still differs repaired. */
  void confirm(List<Long> cardIds, PassTally tally) {
    if (cardIds.isEmpty()) {
      return;
    }
    tally.lookedAt(cardIds.size());
    List<QueuedCard> queued = tally.redis(() -> queues.entriesOf(cardIds));
    List<Card> live = tally.postgres(() -> cards.findByIds(cardIds));
    Map<Long, CardChange> changedAt = tally.postgres(() -> changes.lastChangeOf(cardIds));
    if (tally.postgres(settle::configsChangedUnseen)) {
      tally.postgres(configs::refreshNow);
    }
    Map<Long, EnrollmentPlan> plans = new HashMap<>(live.size() * 2);
    tally
        .planning(() -> planner.plan(live, Timing.SPREAD))
        .forEach(plan -> plans.put(plan.cardId(), plan));
    Instant now = clock.instant();
    Duration window = settle.current();
    Instant since = now.minus(window);
    Instant configsChanged = settle.configsChangedAt();
    boolean configsRecent = configsChanged != null && configsChanged.isAfter(since);
    List<Repair> toDo = new ArrayList<>();
    for (QueuedCard card : queued) {
      List<Repair> needed = Differences.of(card, plans.get(card.cardId()), farFuture.horizon());
      if (needed.isEmpty()) {
        continue;
      }
      CardChange change = changedAt.get(card.cardId());
      boolean cardRecent =
          change != null
              && change.at() != null
              && change.at().isAfter(since)
              && !settle.settled(change.change());
      if ((cardRecent || configsRecent)
          && !suspicions.heldSince(card.cardId(), signature(needed), now, window)) {
        skip(SkipReason.RECENT, needed.size(), tally);
        if (cardRecent) {
          tally.leftAsRecent(change.change());
        }
        log.debug(
            "card {} left to the change stream: changed at {}, within {} s ({})",
            card.cardId(),
            cardRecent ? change.at() : configsChanged,
            window.toSeconds(),
            signature(needed));
        continue;
      }
      suspicions.forget(card.cardId());
      unlessLeased(needed, now, tally, toDo);
    }
    apply(toDo, tally);
  }

  /**
   * Entries found in another shard's queue than their card's: removed while unchanged, whatever
   * their score. The lease rule does not apply to them: a check claims its lease, and completes, in
   * its card's own shard only ({@link QueueAudit#inItsCardsShard}), so such an entry is never a
   * check in progress. The scheduler leases it like any due entry and its task is dropped as
   * superseded, so it is nearly always scored as a lease: left alone, it would come back every
   * lease for good.
   */
  void removeMisplaced(List<QueueEntry> entries, PassTally tally) {
    List<Repair> toDo = new ArrayList<>(entries.size());
    for (QueueEntry entry : entries) {
      toDo.add(
          Repair.remove(
              RepairKind.STRAY,
              entry,
              "its card belongs in shard " + queues.shardOf(entry.cardId())));
    }
    apply(toDo, tally);
  }

  private void unlessLeased(List<Repair> needed, Instant now, PassTally tally, List<Repair> toDo) {
    for (Repair repair : needed) {
      if (repair.isRemoval() && queues.mayBeLeased(repair.removal(), now)) {
        skip(SkipReason.LEASED, 1, tally);
        log.debug(
            "card {} left in the {} queue of shard {}: it may be leased until {} ({})",
            repair.cardId(),
            repair.type().code(),
            repair.removal().shard(),
            repair.removal().at(),
            repair.kind().code());
      } else {
        toDo.add(repair);
      }
    }
  }

  /** Removals first (a move's too), then additions: a move adds only once its removal held. */
  private void apply(List<Repair> toDo, PassTally tally) {
    List<Repair> removals = toDo.stream().filter(Repair::isRemoval).toList();
    List<QueueEntry> entries = removals.stream().map(Repair::removal).toList();
    boolean[] removed = tally.redis(() -> queues.removeIfUnchanged(entries));
    List<Repair> additions = new ArrayList<>();
    for (int i = 0; i < removals.size(); i++) {
      Repair repair = removals.get(i);
      if (repair.isMove() && removed[i]) {
        additions.add(repair);
      } else {
        done(repair, removed[i], tally);
      }
    }
    toDo.stream().filter(r -> !r.isRemoval()).forEach(additions::add);
    List<ScheduledCheck> checks = additions.stream().map(Repair::addition).toList();
    boolean[] added = tally.redis(() -> queues.addIfAbsent(checks));
    for (int i = 0; i < additions.size(); i++) {
      done(additions.get(i), added[i], tally);
    }
  }

  private void done(Repair repair, boolean written, PassTally tally) {
    if (!written) {
      skip(SkipReason.CHANGED, 1, tally);
      log.debug(
          "card {}: its {} entry changed while it was looked at; left as it is",
          repair.cardId(),
          repair.type().code());
      return;
    }
    tally.repaired(repair.kind());
    metrics.repaired(repair.kind());
    if (repair.isMove()) {
      log.info(
          "queue repair ({}): card {} moved in the {} queue of shard {} to {}: {}",
          repair.kind().code(),
          repair.cardId(),
          repair.type().code(),
          repair.removal().shard(),
          repair.addition().nextCheckAt(),
          repair.reason());
    } else if (repair.isRemoval()) {
      log.info(
          "queue repair ({}): card {} removed from the {} queue of shard {}: {}",
          repair.kind().code(),
          repair.cardId(),
          repair.type().code(),
          repair.removal().shard(),
          repair.reason());
    } else {
      log.info(
          "queue repair ({}): card {} added to the {} queue of shard {}, due {}: {}",
          repair.kind().code(),
          repair.cardId(),
          repair.type().code(),
          queues.shardOf(repair.cardId()),
          repair.addition().nextCheckAt(),
          repair.reason());
    }
  }

  private void skip(SkipReason reason, int count, PassTally tally) {
    tally.skipped(reason, count);
    metrics.skipped(reason, count);
  }

  private static String signature(List<Repair> repairs) {
    return repairs.stream().map(Repair::signature).sorted().collect(Collectors.joining(","));
  }
}
