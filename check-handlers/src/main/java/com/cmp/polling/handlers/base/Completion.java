package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.CheckedCard;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.handlers.base.CheckOutcome.Kind;
import com.cmp.polling.handlers.config.HandlersProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The end of a check: the card's next time in its queue, taken from its config as matched now (the
 * check may have changed the card: a stopped card is {@code suspended}). Completion never brings
 * back a card that left the queue meanwhile.
 */
@Component
class Completion {

  private static final Logger log = LoggerFactory.getLogger(Completion.class);

  private final PollingQueueManager queues;
  private final CardStore cards;
  private final CardPlanner planner;
  private final HandlersProperties settings;
  private final ManualRetries manualRetries;
  private final Clock clock;

  Completion(
      PollingQueueManager queues,
      CardStore cards,
      CardPlanner planner,
      HandlersProperties settings,
      ManualRetries manualRetries,
      Clock clock) {
    this.queues = queues;
    this.cards = cards;
    this.planner = planner;
    this.settings = settings;
    this.manualRetries = manualRetries;
    this.clock = clock;
  }

  /**
   * What a check asks of its card's queue, with the device's flag as the check found it.
   *
   * @param manual whether an operator asked for the check: one that could not run is triggered
   *     again ({@link ManualRetries}), not put back in the regular queue
   */
  record Finish(long cardId, CheckOutcome outcome, boolean deviceAllowsPolling, boolean manual) {}

  /**
   * Puts the cards of a slice where their outcomes say. Retries and next checks go back to their
   * queues in one call: the next time of each card comes from one plan of them all, made from the
   * card as its check left it, or, where the check changed it (stopped, resumed), as one read of
   * those cards finds it. Only cards leaving a queue or dropped go one by one; manual checks that
   * could not run are triggered again instead.
   *
   * @return what became of each card's task, by card id; {@link TaskResult#FAILED} when the queues
   *     could not be written (the card stays leased and comes due again when its lease ends)
   */
  Map<Long, TaskResult> finishAll(TaskType type, List<Finish> finishes) {
    Map<Long, TaskResult> done = new HashMap<>(finishes.size() * 2);
    List<ScheduledCheck> completions = new ArrayList<>(finishes.size());
    Instant now = clock.instant();
    Map<Long, Optional<Card>> current = currentCards(type, finishes, done);
    Map<Long, EnrollmentPlan> plans = plans(type, finishes, current, done);
    for (Finish finish : finishes) {
      long cardId = finish.cardId();
      if (done.containsKey(cardId)) {
        continue;
      }
      Kind kind = finish.outcome().kind();
      if (finish.manual() && ManualRetries.triggeredAgain(kind)) {
        done.put(cardId, manualAgain(type, finish));
        continue;
      }
      if (kind == Kind.RETRY_SOON || kind == Kind.PUT_OFF) {
        completions.add(new ScheduledCheck(cardId, type, now.plus(settings.retryDelay())));
        done.put(cardId, kind == Kind.PUT_OFF ? TaskResult.PUT_OFF : TaskResult.RETRY);
        continue;
      }
      EnrollmentPlan plan = plans.get(cardId);
      Optional<Instant> next = plan == null ? Optional.empty() : plan.dueAt(type);
      if (kind == Kind.NEXT && next.isPresent()) {
        completions.add(new ScheduledCheck(cardId, type, next.get()));
        done.put(cardId, TaskResult.NEXT);
        continue;
      }
      try {
        done.put(cardId, alone(type, finish, plan, current.get(cardId)));
      } catch (RuntimeException e) {
        log.error("completion of the {} check of card {} failed", type.code(), cardId, e);
        done.put(cardId, TaskResult.FAILED);
      }
    }
    if (!completions.isEmpty()) {
      try {
        queues.completeAll(completions);
      } catch (RuntimeException e) {
        log.error(
            "{} {} cards not put back in their queue; they come due again when their lease ends",
            completions.size(),
            type.code(),
            e);
        completions.forEach(c -> done.put(c.cardId(), TaskResult.FAILED));
      }
    }
    return done;
  }

  private TaskResult manualAgain(TaskType type, Finish finish) {
    try {
      return manualRetries.again(type, finish.cardId(), finish.outcome().kind());
    } catch (RuntimeException e) {
      log.error(
          "manual {} check of card {} not triggered again ({}); the card keeps its regular time",
          type.code(),
          finish.cardId(),
          e.getMessage(),
          e);
      return TaskResult.FAILED;
    }
  }

  /**
   * Each card going to its next check as it stands: the card its check vouches for (nothing the
   * check did changed it), else read again, all of those in one query. A card the read does not
   * find is gone (empty). If the read fails, those cards are left leased (recorded in {@code
   * done}).
   */
  private Map<Long, Optional<Card>> currentCards(
      TaskType type, List<Finish> finishes, Map<Long, TaskResult> done) {
    Map<Long, Optional<Card>> current = new HashMap<>(finishes.size() * 2);
    List<Long> toRead = new ArrayList<>();
    for (Finish finish : finishes) {
      if (finish.outcome().kind() != Kind.NEXT || goesAgainAsManual(finish)) {
        continue;
      }
      Card vouched = finish.outcome().currentCard();
      if (vouched != null) {
        current.put(finish.cardId(), Optional.of(vouched));
      } else {
        toRead.add(finish.cardId());
      }
    }
    if (toRead.isEmpty()) {
      return current;
    }
    try {
      toRead.forEach(id -> current.put(id, Optional.empty()));
      cards.findByIds(toRead).forEach(card -> current.put(card.id(), Optional.of(card)));
    } catch (RuntimeException e) {
      log.error(
          "{} {} cards changed by their check not read again ({}); they come due again when their"
              + " lease ends",
          toRead.size(),
          type.code(),
          e.getMessage(),
          e);
      toRead.forEach(
          id -> {
            current.remove(id);
            done.put(id, TaskResult.FAILED);
          });
    }
    return current;
  }

  /**
   * The plans, for the checked type alone, of the cards going to their next check, in one call
   * (protect checks read the protection periods of them all in one round trip). If planning fails,
   * those cards are left leased (recorded in {@code done}).
   */
  private Map<Long, EnrollmentPlan> plans(
      TaskType type,
      List<Finish> finishes,
      Map<Long, Optional<Card>> current,
      Map<Long, TaskResult> done) {
    List<CheckedCard> checked = new ArrayList<>(current.size());
    for (Finish finish : finishes) {
      Optional<Card> card = current.get(finish.cardId());
      if (card != null && card.isPresent()) {
        checked.add(
            new CheckedCard(card.get(), finish.deviceAllowsPolling(), finish.outcome().usage()));
      }
    }
    Map<Long, EnrollmentPlan> plans = new HashMap<>(checked.size() * 2);
    try {
      planner.afterCheck(type, checked).forEach(plan -> plans.put(plan.cardId(), plan));
    } catch (RuntimeException e) {
      log.error(
          "next {} checks of {} cards not planned ({}); they come due again when their lease ends",
          type.code(),
          checked.size(),
          e.getMessage(),
          e);
      checked.forEach(c -> done.put(c.card().id(), TaskResult.FAILED));
    }
    return plans;
  }

  private static boolean goesAgainAsManual(Finish finish) {
    return finish.manual() && ManualRetries.triggeredAgain(finish.outcome().kind());
  }

  /**
   * A card whose completion is more than its next time: leaving its queue, gone, no longer polled,
   * or its config turning the check off.
   */
  private TaskResult alone(
      TaskType type, Finish finish, EnrollmentPlan plan, Optional<Card> current) {
    long cardId = finish.cardId();
    Kind kind = finish.outcome().kind();
    if (kind == Kind.LEAVE) {
      queues.remove(cardId, type);
      log.info("card {} leaves the {} queue", cardId, type.code());
      return TaskResult.LEAVE;
    }
    if (kind == Kind.GONE || plan == null || !plan.pollingAllowed()) {
      return drop(cardId, type, kind == Kind.GONE ? DropReason.GONE : DropReason.of(current));
    }
    queues.remove(cardId, type);
    log.info(
        "card {} leaves the {} queue: {}",
        cardId,
        type.code(),
        plan.config() != null
            ? "its config '" + plan.config().name() + "' turns that check off"
            : "no config matches it");
    return TaskResult.LEAVE;
  }

  /**
   * A card that must not be polled: out of every queue, for good.
   *
   * @return what became of the task that found it
   */
  TaskResult drop(long cardId, TaskType type, DropReason reason) {
    queues.removeFromAllQueues(cardId);
    log.info(
        "{} check of card {} dropped: {}; the card leaves every queue",
        type.code(),
        cardId,
        reason.why());
    return reason.result();
  }
}
