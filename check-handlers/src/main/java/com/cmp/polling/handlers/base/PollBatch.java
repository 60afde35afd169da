package com.cmp.polling.handlers.base;

import com.cmp.polling.core.budget.CallBudget;
import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.handlers.base.BatchCheckBody.Queried;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.CardNotFoundException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The checks of a poll, each card at most once, run together ({@link BatchCheckBody}): in slices of
 * at most the lane's workers, or of what is free of the permits when less; for each slice, the
 * permits taken in one call, the work shared before the queries, the carrier queries run in
 * parallel on the workers ({@link CarrierQueries}: a call per carrier batch, or per card where the
 * carrier has none), the rest of the checks done together, the cards put back in their queues
 * together ({@link Completion#finishAll}). Each card still ends on its own: its result, its
 * metrics; a card a batch answer failed for goes the way a card whose single query failed goes.
 */
@Component
class PollBatch {

  private static final Logger log = LoggerFactory.getLogger(PollBatch.class);

  /**
   * Where a poll's checks run.
   *
   * @param workers the workers the carrier calls (and the checks' own parallel work) run on
   * @param sliceSize the most cards checked at once: no more than the workers can query at once
   * @param sharedPermits whether a slice takes the task type's permits shared by all instances
   *     (regular checks) or none (manual checks: an operator's check never waits for them)
   * @param carrierCapped whether a carrier call needs a place under its carrier's {@link
   *     CarrierQueryCap} (regular checks) or not (manual checks: see {@link CheckRunner})
   */
  record Lane(FanOut workers, int sliceSize, boolean sharedPermits, boolean carrierCapped) {

    /**
     * What its calls may spend of their carrier account: regular checks (those sharing permits) the
     * unreserved share, manual ones the whole account.
     */
    CallBudget.Share budgetShare() {
      return sharedPermits ? CallBudget.Share.REGULAR : CallBudget.Share.WHOLE;
    }
  }

  private final CheckPermits permits;
  private final CarrierQueries queries;
  private final Completion completion;
  private final HandlerMetrics metrics;

  PollBatch(
      CheckPermits permits, CarrierQueries queries, Completion completion, HandlerMetrics metrics) {
    this.permits = permits;
    this.queries = queries;
    this.completion = completion;
    this.metrics = metrics;
  }

  /** Runs the checks; returns once each is settled. */
  <R> void run(List<PendingCheck> pending, TaskType type, BatchCheckBody<R> body, Lane lane) {
    int from = 0;
    while (from < pending.size()) {
      List<PendingCheck> rest = pending.subList(from, pending.size());
      int wanted = Math.min(rest.size(), lane.sliceSize());
      CheckPermits.Permit permit;
      try {
        // Permits stand for checks under way: a slice holds its permits from its first carrier
        // query to its completions.
        permit =
            lane.sharedPermits()
                ? permits.acquireUpTo(type, wanted)
                : permits.unshared(type, wanted);
      } catch (RuntimeException e) {
        log.error(
            "{} {} checks not run: permits unavailable ({}); they come due again when their lease"
                + " ends",
            rest.size(),
            type.code(),
            e.getMessage());
        rest.forEach(check -> settled(type, check, TaskResult.FAILED));
        return;
      }
      if (permit.count() == 0) {
        log.warn(
            "{} {} checks put off: every {} permit is in use",
            rest.size(),
            type.code(),
            type.code());
        Map<Long, CheckResult> putOff = new HashMap<>(rest.size() * 2);
        rest.forEach(check -> putOff.put(check.card().id(), CheckResult.of(CheckOutcome.PUT_OFF)));
        finish(rest, type, putOff);
        return;
      }
      List<PendingCheck> slice = rest.subList(0, permit.count());
      metrics.sliceSize(type, slice.size());
      Map<Long, CheckResult> results;
      try (permit) {
        results = check(slice, type, body, lane);
      }
      finish(slice, type, results);
      from += slice.size();
    }
  }

  private <R> Map<Long, CheckResult> check(
      List<PendingCheck> slice, TaskType type, BatchCheckBody<R> body, Lane lane) {
    FanOut workers = lane.workers();
    Map<Long, CheckResult> results = new HashMap<>(slice.size() * 2);
    List<PendingCheck> toQuery = beforeQueries(slice, body, workers, results);
    List<CarrierQueries.Answer<R>> answers = queries.askAll(toQuery, body, lane);
    List<Queried<R>> queried = new ArrayList<>(toQuery.size());
    int putOff = 0;
    int overBudget = 0;
    for (CarrierQueries.Answer<R> answer : answers) {
      PendingCheck check = answer.check();
      if (answer.notAsked() != null) {
        // Put off, not failed: the card comes due again after the short retry delay.
        results.put(check.card().id(), CheckResult.of(CheckOutcome.PUT_OFF));
        if (answer.notAsked() == CarrierQueries.NotAsked.BUDGET) {
          overBudget++;
        } else {
          putOff++;
        }
      } else if (answer.failure() == null) {
        queried.add(new Queried<>(check.task(), check.card(), answer.reply()));
      } else {
        results.put(check.card().id(), CheckResult.failed(answer.failure()));
      }
    }
    if (putOff > 0) {
      metrics.overCarrierCap(type, putOff);
      log.info(
          "{} {} checks put off: their carrier already has as many queries under way here as its"
              + " rate limit allows within cmp.polling.handlers.carrier-wait",
          putOff,
          type.code());
    }
    if (overBudget > 0) {
      metrics.overBudget(type, overBudget);
      log.debug(
          "{} {} checks put off: their carrier account's regular share of calls is spent for now",
          overBudget,
          type.code());
    }
    if (!queried.isEmpty()) {
      try {
        results.putAll(body.recordAll(queried, workers));
      } catch (RuntimeException e) {
        queried.forEach(q -> results.put(q.card().id(), CheckResult.failed(e)));
      }
    }
    return results;
  }

  /**
   * The slice's shared work before its queries, its results put in {@code results}; if it fails,
   * every card of the slice fails with it.
   *
   * @return the checks still to query
   */
  private static <R> List<PendingCheck> beforeQueries(
      List<PendingCheck> slice,
      BatchCheckBody<R> body,
      FanOut workers,
      Map<Long, CheckResult> results) {
    List<LoadedCard> cards = new ArrayList<>(slice.size());
    slice.forEach(check -> cards.add(check.card()));
    Map<Long, CheckResult> settled;
    try {
      settled = body.beforeQueries(cards, workers);
    } catch (RuntimeException e) {
      cards.forEach(card -> results.put(card.id(), CheckResult.failed(e)));
      return List.of();
    }
    if (settled.isEmpty()) {
      return slice;
    }
    results.putAll(settled);
    List<PendingCheck> rest = new ArrayList<>(slice.size() - settled.size());
    for (PendingCheck check : slice) {
      if (!settled.containsKey(check.card().id())) {
        rest.add(check);
      }
    }
    return rest;
  }

  private void finish(List<PendingCheck> slice, TaskType type, Map<Long, CheckResult> results) {
    List<Completion.Finish> finishes = new ArrayList<>(slice.size());
    Map<Long, PendingCheck> byCard = new HashMap<>(slice.size() * 2);
    for (PendingCheck check : slice) {
      long cardId = check.card().id();
      Optional<CheckOutcome> outcome = outcome(type, check, results.get(cardId));
      if (outcome.isPresent()) {
        finishes.add(
            new Completion.Finish(
                cardId, outcome.get(), check.card().devicePollingAllowed(), check.task().manual()));
        byCard.put(cardId, check);
      } else {
        settled(type, check, TaskResult.FAILED);
      }
    }
    completion
        .finishAll(type, finishes)
        .forEach((cardId, result) -> settled(type, byCard.get(cardId), result));
  }

  /**
   * Where the card goes after its check; empty when the check failed for a reason other than the
   * carrier's or the card's absence: the card is left leased.
   */
  private static Optional<CheckOutcome> outcome(
      TaskType type, PendingCheck check, CheckResult result) {
    if (result != null && result.failure() == null) {
      return Optional.of(result.outcome());
    }
    RuntimeException failure =
        result == null ? new IllegalStateException("the check gave no result") : result.failure();
    Optional<CheckOutcome> carrier = CarrierFailures.outcome(check.task(), failure);
    if (carrier.isPresent()) {
      return carrier;
    }
    if (failure instanceof CardNotFoundException) {
      return Optional.of(CheckOutcome.GONE);
    }
    CheckRunner.leftLeased(type, check.card().id(), failure);
    return Optional.empty();
  }

  private void settled(TaskType type, PendingCheck check, TaskResult result) {
    metrics.settled(type, result, check.startedNanos());
    metrics.lateness(check.task());
  }
}
