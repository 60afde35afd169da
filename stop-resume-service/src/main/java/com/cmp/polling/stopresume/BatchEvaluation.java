package com.cmp.polling.stopresume;

import com.cmp.polling.core.card.Card;
import java.util.List;
import java.util.Map;

/**
 * What {@link StopResumeService#evaluateAll} found for many cards at once.
 *
 * @param settled the evaluation of each card the rules leave as it is (no action, or protected), by
 *     card id: nothing was done to them
 * @param needingAction the cards for which the rules want a stop or a resume: each goes through
 *     {@link StopResumeService#evaluateAndAct(Card)}, which decides again under the card's lock
 */
public record BatchEvaluation(Map<Long, Evaluation> settled, List<Card> needingAction) {

  public BatchEvaluation {
    settled = Map.copyOf(settled);
    needingAction = List.copyOf(needingAction);
  }
}
