package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.gateway.CarrierOperation;
import java.util.List;
import java.util.Map;

/**
 * The part of a check specific to its task type; the runner does the rest. Every check runs per
 * poll (a card alone is a poll of one), so that the cards of a poll share their database and Redis
 * work and their carrier calls: for each slice of the poll, what the cards share before asking the
 * carrier ({@link #beforeQueries}, which may settle some of them), the carrier query ({@link
 * #queryAll}, which mostly waits) of the slice's cards grouped per carrier into calls of at most
 * its batch size for the check's {@link #operation}, the calls run in parallel on the workers, then
 * the rest for every card whose query succeeded, together ({@link #recordAll}). The cards come as
 * the poll read them, once: a check reads no card again.
 *
 * @param <R> what a card's query gives the shared step: the carrier's answer
 */
public interface BatchCheckBody<R> {

  /** The task type this check handles: its topics are read for it (one check per type). */
  TaskType type();

  /**
   * Work the cards of a slice share before any carrier query, for the cards it settles: they are
   * not queried. None by default.
   *
   * @param workers the workers the slice runs on, for work of its own to run in parallel
   * @return a result for each card settled here, by card id; one card's failure is its result
   */
  default Map<Long, CheckResult> beforeQueries(List<LoadedCard> cards, FanOut workers) {
    return Map.of();
  }

  /**
   * The carrier operation the check's query asks: it decides how many cards of one carrier share a
   * call ({@link com.cmp.polling.stopresume.gateway.CarrierGateway#batchSize}).
   */
  CarrierOperation operation();

  /**
   * The carrier query of cards of one carrier, at most its batch size for {@link #operation()}: one
   * call where the carrier has a batch form, else one card (usually through {@link
   * CarrierReply#askAll}). A card's failure is its reply: the runner turns a retryable gateway
   * failure into a retry after the short retry delay, a refusal into the usual interval, and a
   * {@link com.cmp.polling.stopresume.CardNotFoundException} into dropping the card. A failure
   * thrown is every card's.
   *
   * @param cards the cards as the poll read them: polled
   * @return each card's reply, in the order of the cards
   */
  List<CarrierReply<R>> queryAll(List<LoadedCard> cards);

  /**
   * The rest of the check for the cards of a slice whose query succeeded (each card at most once).
   *
   * @param workers the workers the slice runs on, for work of its own to run in parallel
   * @return a result for each card, by card id; one card's failure is its result, not an exception
   */
  Map<Long, CheckResult> recordAll(List<Queried<R>> queried, FanOut workers);

  /** A card whose query succeeded, with what it gave. */
  record Queried<R>(CheckTask task, LoadedCard card, R reply) {}
}
