package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.stopresume.gateway.CallPlan;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.CarrierOperation;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The carrier queries of a slice: its cards grouped per carrier into calls of at most that
 * carrier's batch size for the check's operation ({@link CarrierGateway#batchSize}; one card per
 * call where it has no batch form), each call one work item on the lane's workers. Where the lane
 * is capped, a call needs one place under its carrier's {@link CarrierQueryCap}, whatever its
 * number of cards: a call that finds none is not made, and its cards are put off.
 */
@Component
class CarrierQueries {

  private final CarrierGateway gateway;
  private final CarrierQueryCap carrierCap;

  CarrierQueries(CarrierGateway gateway, CarrierQueryCap carrierCap) {
    this.gateway = gateway;
    this.carrierCap = carrierCap;
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
                call -> lane.carrierCapped() ? capped(call, body) : asked(call, body),
                (call, failure) -> every(call, check -> Answer.failed(check, failure)));
    return plan.inItemOrder(perCall);
  }

  /** The call, unless its carrier has no room here: then none of its cards is asked. */
  private <R> List<Answer<R>> capped(List<PendingCheck> call, BatchCheckBody<R> body) {
    long carrierId = call.get(0).card().carrierId();
    if (!carrierCap.tryEnter(carrierId)) {
      return every(call, Answer::overCarrierCap);
    }
    try {
      return asked(call, body);
    } finally {
      carrierCap.leave(carrierId);
    }
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
              ? new Answer<>(call.get(i), reply.value(), null, false)
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

  /**
   * A card's carrier query: what it gave, or its failure, or not made (its carrier's cap reached).
   */
  record Answer<R>(PendingCheck check, R reply, RuntimeException failure, boolean overCarrierCap) {

    static <R> Answer<R> failed(PendingCheck check, RuntimeException failure) {
      return new Answer<>(check, null, failure, false);
    }

    static <R> Answer<R> overCarrierCap(PendingCheck check) {
      return new Answer<>(check, null, null, true);
    }
  }
}
