package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.schemas.task.CheckTask;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A check whose cards share nothing: a card's whole check is its own step, run on a worker in
 * parallel with the other cards of its slice (it may call the carrier more than once, to read and
 * to stop or resume); the shared step only hands the outcomes on.
 */
public interface CardByCardBody extends BatchCheckBody<CheckOutcome> {

  /**
   * Checks the card. Gateway failures may be thrown, as from {@link #query}.
   *
   * @param card the card as the poll loaded it: polled, addressable; read it again when its state
   *     matters
   */
  CheckOutcome check(CheckTask task, LoadedCard card);

  @Override
  default CheckOutcome query(CheckTask task, LoadedCard card) {
    return check(task, card);
  }

  @Override
  default Map<Long, CheckResult> recordAll(List<Queried<CheckOutcome>> queried, FanOut workers) {
    Map<Long, CheckResult> results = new HashMap<>(queried.size() * 2);
    queried.forEach(q -> results.put(q.card().id(), CheckResult.of(q.reply())));
    return results;
  }
}
