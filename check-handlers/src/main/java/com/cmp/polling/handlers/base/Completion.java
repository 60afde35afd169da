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
  private final LastChecks lastChecks;
  private final ManualRetries manualRetries;
  private final Clock clock;

  Completion(
      PollingQueueManager queues,
      CardStore cards,
      CardPlanner planner,
      HandlersProperties settings,
      LastChecks lastChecks,
      ManualRetries manualRetries,
      Clock clock) {
    this.queues = queues;
    this.cards = cards;
    this.planner = planner;
    this.settings = settings;
    this.lastChecks = lastChecks;
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
   * Puts the cards of a slice where their outcomes say, and records each card's last check.
   * Retries, and next checks of cards the check vouches for (still polled, config asking for this
   * check), go back to their queues in one call; the others (leaving, gone, the card to read again)
   * one by one. Manual checks that could not run are triggered again instead.
   *
   * @return what became of each card's task, by card id; {@link TaskResult#FAILED} when the queues
   *     could not be written (the card stays leased and comes due again when its lease ends)
   */
  Map<Long, TaskResult> finishAll(TaskType type, List<Finish> finishes) {
    Map<Long, TaskResult> done = new HashMap<>(finishes.size() * 2);
    List<ScheduledCheck> completions = new ArrayList<>(finishes.size());
    Instant now = clock.instant();
    Map<Long, EnrollmentPlan> plans = plainPlans(type, finishes);
    for (Finish finish : finishes) {
      if (finish.manual() && ManualRetries.triggeredAgain(finish.outcome().kind())) {
        done.put(finish.cardId(), manualAgain(type, finish));
        continue;
      }
      Optional<Instant> next = plainNext(type, finish, now, plans);
      if (next.isPresent()) {
        completions.add(new ScheduledCheck(finish.cardId(), type, next.get()));
        done.put(finish.cardId(), plainResult(finish.outcome().kind()));
        continue;
      }
      try {
        done.put(finish.cardId(), alone(type, finish));
      } catch (RuntimeException e) {
        log.error("completion of the {} check of card {} failed", type.code(), finish.cardId(), e);
        done.put(finish.cardId(), TaskResult.FAILED);
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
    lastChecks.record(type, done);
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

  private static TaskResult plainResult(Kind kind) {
    return switch (kind) {
      case RETRY_SOON -> TaskResult.RETRY;
      case PUT_OFF -> TaskResult.PUT_OFF;
      default -> TaskResult.NEXT;
    };
  }

  /**
   * A card whose completion needs more than the one call of the others: leaving, gone, or its next
   * check to work out (retries always go back with the others).
   */
  private TaskResult alone(TaskType type, Finish finish) {
    long cardId = finish.cardId();
    Kind kind = finish.outcome().kind();
    if (kind == Kind.LEAVE) {
      queues.remove(cardId, type);
      log.info("card {} leaves the {} queue", cardId, type.code());
      return TaskResult.LEAVE;
    }
    if (kind == Kind.GONE) {
      return drop(cardId, type, DropReason.GONE);
    }
    return next(cardId, type, finish.deviceAllowsPolling(), finish.outcome().currentCard());
  }

  /**
   * The plans, for the checked type alone, of the cards the checks vouch for (the card as the check
   * read it, its device's flag as the check found it); none for protect checks, whose interval
   * needs the protection periods and which go one by one. Nothing is read.
   */
  private Map<Long, EnrollmentPlan> plainPlans(TaskType type, List<Finish> finishes) {
    if (type == TaskType.PROTECT) {
      return Map.of();
    }
    List<CheckedCard> vouched = new ArrayList<>(finishes.size());
    for (Finish finish : finishes) {
      Card card = finish.outcome().currentCard();
      if (finish.outcome().kind() == Kind.NEXT && card != null) {
        vouched.add(new CheckedCard(card, finish.deviceAllowsPolling()));
      }
    }
    Map<Long, EnrollmentPlan> plans = new HashMap<>(vouched.size() * 2);
    planner.afterCheck(type, vouched).forEach(plan -> plans.put(plan.cardId(), plan));
    return plans;
  }

  /**
   * The next time of a card whose completion needs nothing but its queue; empty when it needs more
   * (leaving its queue, dropped, read again, a protection period to look at).
   */
  private Optional<Instant> plainNext(
      TaskType type, Finish finish, Instant now, Map<Long, EnrollmentPlan> plans) {
    CheckOutcome outcome = finish.outcome();
    if (outcome.kind() == Kind.RETRY_SOON || outcome.kind() == Kind.PUT_OFF) {
      return Optional.of(now.plus(settings.retryDelay()));
    }
    EnrollmentPlan plan = outcome.kind() == Kind.NEXT ? plans.get(finish.cardId()) : null;
    return plan == null ? Optional.empty() : plan.dueAt(type);
  }

  private TaskResult next(long cardId, TaskType type, boolean deviceAllowsPolling, Card current) {
    // Unless the check vouches for the card it last read, read it again: the check may have
    // changed it (stopped: another config applies).
    Optional<Card> card = current != null ? Optional.of(current) : cards.findById(cardId);
    EnrollmentPlan plan =
        card.isEmpty()
            ? null
            : planner
                .afterCheck(type, List.of(new CheckedCard(card.get(), deviceAllowsPolling)))
                .get(0);
    if (plan == null || !plan.pollingAllowed()) {
      return drop(cardId, type, DropReason.of(card));
    }
    Optional<Instant> next = plan.dueAt(type);
    if (next.isEmpty()) {
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
    if (!queues.complete(cardId, type, next.get())) {
      log.debug(
          "card {} left the {} queue while it was checked: not put back", cardId, type.code());
    }
    return TaskResult.NEXT;
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
