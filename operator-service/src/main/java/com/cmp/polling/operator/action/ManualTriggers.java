package com.cmp.polling.operator.action;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.enrollment.Timing;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.schemas.task.TaskType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Manual checks: the card is read from PostgreSQL and judged by the same rules as everywhere
 * ({@link CardPlanner}); a polled card is enrolled in its shard queues if it is not there yet (a
 * card the queues never held, or lost, is loaded on demand; cards already queued keep their time),
 * then added to the manual triggers, which the scheduler publishes first at its next tick, to the
 * task type's manual topic: handlers take it there at once, however far the regular topic lags.
 */
@Component
public class ManualTriggers {

  private static final Logger log = LoggerFactory.getLogger(ManualTriggers.class);

  private final CardStore cards;
  private final CardPlanner planner;
  private final PollingQueueManager queues;

  public ManualTriggers(CardStore cards, CardPlanner planner, PollingQueueManager queues) {
    this.cards = cards;
    this.planner = planner;
    this.queues = queues;
  }

  /**
   * @throws IllegalArgumentException for an unknown task type
   * @throws AssetNotFoundException for an unknown or deleted card
   * @throws NotPolledException when the card, or that check of the card, is not polled
   * @return whether the card had to be enrolled in its shard queue first (lazy load)
   */
  public boolean trigger(long cardId, String taskTypeCode) {
    TaskType type = TaskType.fromCode(taskTypeCode);
    Card card =
        cards
            .findById(cardId)
            .orElseThrow(() -> new AssetNotFoundException(AssetType.CARD, cardId));
    EnrollmentPlan plan = planner.plan(card, Timing.AFTER_INTERVAL);
    if (!plan.isPolled()) {
      throw new NotPolledException(plan.skipReason());
    }
    if (!plan.taskTypes().contains(type)) {
      throw new NotPolledException(notPolledFor(card, type, plan));
    }
    boolean enrolledNow = !queues.isQueued(cardId, type);
    // NX: a card already queued (or leased) keeps its time; only a missing one is enrolled.
    queues.requeueAll(plan.checks(), true);
    queues.manualTriggers().enqueue(cardId, type);
    log.info(
        "manual {} check of card {} requested by an operator{}",
        type.code(),
        cardId,
        enrolledNow ? " (card enrolled on the spot)" : "");
    return enrolledNow;
  }

  private static String notPolledFor(Card card, TaskType type, EnrollmentPlan plan) {
    if (type == TaskType.PROTECT) {
      return "card " + card.id() + " is under no protection period: no protect check to run";
    }
    return "card "
        + card.id()
        + " gets no "
        + type.code()
        + " checks: its polling config '"
        + plan.config().name()
        + "' (id "
        + plan.config().id()
        + ") turns them off";
  }
}
