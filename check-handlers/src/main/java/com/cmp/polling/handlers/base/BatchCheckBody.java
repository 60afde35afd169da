package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import java.util.List;
import java.util.Map;

/**
 * The part of a check specific to its task type; the runner does the rest. Every check runs per
 * poll (a card alone is a poll of one), in two steps, so that the cards of a poll can share their
 * database and Redis work: each card's own step (its carrier query, which mostly waits), run in
 * parallel on the workers, then the rest for every card whose own step succeeded, together.
 *
 * @param <R> what a card's own step gives the shared step: the carrier's answer
 */
public interface BatchCheckBody<R> {

  /** The task type this check handles: its topics are read for it (one check per type). */
  TaskType type();

  /**
   * A card's own step. Gateway failures may be thrown: the runner turns retryable ones into a retry
   * after the short retry delay, and a {@link com.cmp.polling.stopresume.CardNotFoundException}
   * into dropping the card.
   *
   * @param card the card as the poll loaded it: polled, addressable; read it again when its state
   *     matters
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
