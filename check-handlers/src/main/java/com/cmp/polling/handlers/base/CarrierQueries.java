package com.cmp.polling.handlers.base;

import com.cmp.polling.core.budget.CallBudget;
import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.stopresume.gateway.CallPlan;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.CarrierOperation;
import com.cmp.polling.stopresume.gateway.GatewayUnavailableException;
import java.util.ArrayList;
import java.util.List;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * The carrier queries of a slice: its cards grouped per carrier into calls of at most that
 * carrier's batch size for the check's operation ({@link CarrierGateway#batchSize}; one card per
 * call where it has no batch form), each call one work item on the lane's workers. Where the lane
 * is capped, a call needs one place under its carrier's {@link CarrierQueryCap}, whatever its
 * number of cards: a call that finds none is not made, and its cards are put off. Then every call
 * spends one from its carrier account's budget ({@link CallBudget}): regular checks only the
 * account's unreserved share, and a call it refuses is not made, its cards put off too; manual
 * checks the whole account, and one it refuses fails as a passing carrier failure (triggered
 * again).
 */
@Component
class CarrierQueries {

  private final CarrierGateway gateway;
  private final CarrierQueryCap carrierCap;
  private final CallBudget budget;

  CarrierQueries(CarrierGateway gateway, CarrierQueryCap carrierCap, CallBudget budget) {
    this.gateway = gateway;
    this.carrierCap = carrierCap;
    this.budget = budget;
  }

  /**
   * Asks the carriers about every check's card.
   *
   * @return each check's answer, in the order of the checks
   */
  <R> List<Answer<R>> askAll(
      List<PendingCheck> checks, BatchCheckBody<R> body, PollBatch.Lane lane) {
    CarrierOperation operation = body.operation();
    CallPlan<PendingCheck> plan =
        CallPlan.of(
            checks,
            check -> check.card().carrierId(),
            carrierId -> gateway.batchSize(carrierId, operation));
    List<List<Answer<R>>> perCall =
        lane.workers()
            .runAll(
                plan.calls(),
                call ->
                    lane.carrierCapped()
                        ? capped(call, body, lane.budgetShare())
                        : budgeted(call, body, lane.budgetShare()),
                (call, failure) -> every(call, check -> Answer.failed(check, failure)));
    return plan.inItemOrder(perCall);
  }

  /** The call, unless its carrier has no room here: then none of its cards is asked. */
  private <R> List<Answer<R>> capped(
      List<PendingCheck> call, BatchCheckBody<R> body, CallBudget.Share share) {
    long carrierId = call.get(0).card().carrierId();
    if (!carrierCap.tryEnter(carrierId)) {
      return every(call, check -> Answer.notAsked(check, NotAsked.CARRIER_CAP));
    }
    try {
      return budgeted(call, body, share);
    } finally {
      carrierCap.leave(carrierId);
    }
  }

  /** The call, once it has spent one from its carrier account's budget. */
  private <R> List<Answer<R>> budgeted(
      List<PendingCheck> call, BatchCheckBody<R> body, CallBudget.Share share) {
    long carrierId = call.get(0).card().carrierId();
    CallBudget.Spent spent;
    try {
      spent = budget.trySpend(carrierId, share);
    } catch (DataAccessException e) {
      RuntimeException failure =
          new GatewayUnavailableException(
              "the call budget of carrier " + carrierId + " is unavailable in Redis", e);
      return every(call, check -> Answer.failed(check, failure));
    }
    if (spent.allowed()) {
      return asked(call, body);
    }
    if (share == CallBudget.Share.REGULAR) {
      return every(call, check -> Answer.notAsked(check, NotAsked.BUDGET));
    }
    RuntimeException failure =
        new GatewayUnavailableException(
            "the account of carrier "
                + carrierId
                + " has spent its calls "
                + (spent == CallBudget.Spent.DAY_SPENT ? "of today" : "of this second"),
            null);
    return every(call, check -> Answer.failed(check, failure));
  }

  /** One call's cards asked (they still wait for the call's slot under the carrier's limit). */
  private static <R> List<Answer<R>> asked(List<PendingCheck> call, BatchCheckBody<R> body) {
    List<LoadedCard> cards = new ArrayList<>(call.size());
    call.forEach(check -> cards.add(check.card()));
    List<CarrierReply<R>> replies = body.queryAll(cards);
    if (replies.size() != call.size()) {
      throw new IllegalStateException(
          body.type().code()
              + " query answered "
              + replies.size()
              + " of "
              + call.size()
              + " cards");
    }
    List<Answer<R>> answers = new ArrayList<>(call.size());
    for (int i = 0; i < call.size(); i++) {
      CarrierReply<R> reply = replies.get(i);
      answers.add(
          reply.failure() == null
              ? new Answer<>(call.get(i), reply.value(), null, null)
              : Answer.failed(call.get(i), reply.failure()));
    }
    return answers;
  }

  private static <R> List<Answer<R>> every(
      List<PendingCheck> call, java.util.function.Function<PendingCheck, Answer<R>> answer) {
    List<Answer<R>> answers = new ArrayList<>(call.size());
    call.forEach(check -> answers.add(answer.apply(check)));
    return answers;
  }

  /** Why a card's carrier query was not made. */
  enum NotAsked {
    /** Its carrier's cap here was reached. */
    CARRIER_CAP,
    /** Its carrier account's budget refused the call (regular checks only). */
    BUDGET
  }

  /**
   * A card's carrier query: what it gave, or its failure, or why it was not made (null when made).
   */
  record Answer<R>(PendingCheck check, R reply, RuntimeException failure, NotAsked notAsked) {

    static <R> Answer<R> failed(PendingCheck check, RuntimeException failure) {
      return new Answer<>(check, null, failure, null);
    }

    static <R> Answer<R> notAsked(PendingCheck check, NotAsked why) {
      return new Answer<>(check, null, null, why);
    }
  }
}
