package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import java.util.List;
import java.util.Map;

/**
 * The part of a check specific to its task type; the runner does the rest. Every check runs per
 * poll (a card alone is a poll of one), so that the cards of a poll share their database and Redis
 * work: for each slice of the poll, what the cards share before asking the carrier ({@link
 * #beforeQueries}, which may settle some of them), each card's own step (its carrier query, which
 * mostly waits), run in parallel on the workers, then the rest for every card whose own step
 * succeeded, together ({@link #recordAll}). The cards come as the poll read them, once: a check
 * reads no card again.
 *
 * @param <R> what a card's own step gives the shared step: the carrier's answer
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
   * A card's own step. Gateway failures may be thrown: the runner turns retryable ones into a retry
   * after the short retry delay, and a {@link com.cmp.polling.stopresume.CardNotFoundException}
   * into dropping the card.
   *
   * @param card the card as the poll read it: polled, addressable
   */
  R query(CheckTask task, LoadedCard card);

  /**
   * The rest of the check for the cards of a slice whose own step succeeded (each card at most
   * once).
   *
   * @param workers the workers the slice runs on, for work of its own to run in parallel
   * @return a result for each card, by card id; one card's failure is its result, not an exception
   */
  Map<Long, CheckResult> recordAll(List<Queried<R>> queried, FanOut workers);

  /** A card whose own step succeeded, with what it gave. */
  record Queried<R>(CheckTask task, LoadedCard card, R reply) {}
}
