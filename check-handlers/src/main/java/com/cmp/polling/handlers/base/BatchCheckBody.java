package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.CachedCard;
import com.cmp.polling.schemas.task.CheckTask;
import java.util.List;
import java.util.Map;

/**
 * A check in two parts, so that the cards of a poll share their database and Redis work: the
 * carrier query of each card (run in parallel on the check workers, as it mostly waits), then the
 * rest for every card queried, together.
 *
 * @param <R> what the carrier answered for one card
 */
public interface BatchCheckBody<R> extends CheckBody {

  /** A card's carrier query; gateway failures may be thrown (as from {@link #check}). */
  R query(CheckTask task, CachedCard card);

  /**
   * The rest of the check for the cards of a poll whose query succeeded.
   *
   * @return a result for each card, by card id; one card's failure is its result, not an exception
   */
  Map<Long, CheckResult> recordAll(List<Queried<R>> queried);

  /** A card whose carrier query succeeded, with the answer. */
  record Queried<R>(CheckTask task, CachedCard card, R reply) {}

  /** One card alone: the same two parts. */
  @Override
  default CheckOutcome check(CheckTask task, CachedCard card) {
    R reply = query(task, card);
    CheckResult result = recordAll(List.of(new Queried<>(task, card, reply))).get(card.id());
    if (result == null) {
      throw new IllegalStateException("no result for card " + card.id());
    }
    return result.orThrow();
  }
}
