package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.enrollment.Timing;
import com.cmp.polling.core.queue.QueueAudit;
import com.cmp.polling.core.queue.QueuedCard;
import java.util.ArrayList;
import java.util.List;

/**
 * A page of live cards compared with the queues: the page planned by CardPlanner, the entries of
 * its cards in every task type's queue read in one Redis pipeline (ZMSCORE per shard and type), and
 * the cards that differ from their plan handed on to be looked at again. Ids without a live row may
 * ride along: any entry they have is a difference.
 */
final class CardPages {

  private final CardPlanner planner;
  private final QueueAudit queues;
  private final FarFuture farFuture;

  CardPages(CardPlanner planner, QueueAudit queues, FarFuture farFuture) {
    this.planner = planner;
    this.queues = queues;
    this.farFuture = farFuture;
  }

  /** The ids, among the page's cards and {@code withoutRow}, whose entries differ from the plan. */
  List<Long> differing(List<Card> page, List<Long> withoutRow, PassTally tally) {
    List<Long> ids = new ArrayList<>(page.size() + withoutRow.size());
    page.forEach(card -> ids.add(card.id()));
    ids.addAll(withoutRow);
    List<EnrollmentPlan> plans = tally.planning(() -> planner.plan(page, Timing.SPREAD));
    List<QueuedCard> queued = tally.redis(() -> queues.entriesOf(ids));
    List<Long> differing = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      EnrollmentPlan plan = i < page.size() ? plans.get(i) : null;
      if (!Differences.of(queued.get(i), plan, farFuture.horizon()).isEmpty()) {
        differing.add(ids.get(i));
      }
    }
    return differing;
  }
}
