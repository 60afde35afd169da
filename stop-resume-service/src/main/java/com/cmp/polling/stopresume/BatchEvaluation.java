package com.cmp.polling.stopresume;

import com.cmp.polling.core.card.Card;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link StopResumeService#evaluateAll} found for many cards at once.
 *
 * @param settled the evaluation of each card the rules leave as it is (no action, protected, a
 *     deleted device), by card id: nothing was done to them
 * @param needingAction the cards for which the rules want a stop or a resume, in the order given:
 *     each goes through {@link StopResumeService#evaluateAndAct(Card)}, which decides again under
 *     the card's lock
 */
public record BatchEvaluation(Map<Long, Evaluation> settled, List<Card> needingAction) {

  public BatchEvaluation {
    settled = Map.copyOf(settled);
    needingAction = List.copyOf(needingAction);
  }

  /** Nothing settled: every card goes through {@code evaluateAndAct} (the batch read failed). */
  public static BatchEvaluation noneSettled(Collection<Card> cards) {
    return new BatchEvaluation(Map.of(), List.copyOf(cards));
  }

  /**
   * {@link #needingAction} in groups of the cards that share an operation lock (the cards of one
   * device; a card outside any device is a group of its own), groups in the order of their first
   * card, cards in the order given. Groups may be acted on in parallel; the cards of a group one
   * after the other, so that each finds what the one before did (a device stopped whole by its
   * first card) rather than the lock held by it.
   */
  public List<List<Card>> needingActionByLock() {
    Map<String, List<Card>> groups = new LinkedHashMap<>();
    for (Card card : needingAction) {
      groups.computeIfAbsent(StopResumeService.lockKey(card), key -> new ArrayList<>(1)).add(card);
    }
    return List.copyOf(groups.values());
  }
}
