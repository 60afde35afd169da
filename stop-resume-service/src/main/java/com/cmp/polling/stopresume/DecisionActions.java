package com.cmp.polling.stopresume;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.lock.HeldLock;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.Evaluation.Outcome;
import com.cmp.polling.stopresume.action.ActionResult;
import com.cmp.polling.stopresume.action.CarrierActions;
import com.cmp.polling.stopresume.action.RequestedAction;
import com.cmp.polling.stopresume.rules.RuleVerdict;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@link StopResumeService} does once it has decided, under the operation lock: the stop or
 * resume of each card the decision reaches, at the carrier, in batch calls where the carrier has
 * them (each card still logged and retried on its own), one call after the other.
 */
final class DecisionActions {

  private static final Logger log = LoggerFactory.getLogger(DecisionActions.class);

  private final CardStore cards;
  private final CarrierActions actions;
  private final ProtectionPeriods protection;

  DecisionActions(CardStore cards, CarrierActions actions, ProtectionPeriods protection) {
    this.cards = cards;
    this.actions = actions;
    this.protection = protection;
  }

  /**
   * Acts on the cards the decision reaches: the card, or the cards of its device, whose protection
   * keys are read together and whose verdicts come from the packages already read (the cards of a
   * device share the device's packages), so a device of many cards costs one query for its cards
   * and one Redis read, whatever their number.
   *
   * @param decision a stop or a resume (not none)
   * @param verdicts what the rules say of a card of the deciding card's device (or of that card)
   */
  Evaluation act(
      Card card, Decision decision, HeldLock held, Function<Card, RuleVerdict> verdicts) {
    log.info("{} {}: {}", decision.verb(), describe(card), decision.explanation());
    List<Card> candidates =
        decision.reachesDevice(card) ? cards.findByDevice(card.deviceId()) : List.of(card);
    Set<Long> protectedIds = protection.protectedByKey(idsOf(candidates));
    List<RequestedAction> requested = new ArrayList<>();
    for (Card target :
        decision.targets(
            candidates,
            c -> skippedAsProtected(c, protectedIds),
            c -> resumeVerdict(c, verdicts))) {
      requested.add(
          decision.isStop()
              ? RequestedAction.stop(
                  target, decision.reasonsAt(target, card, verdicts), ActionTrigger.EVALUATION)
              : RequestedAction.resume(
                  target, StopReason.fromCode(target.stopReason()), ActionTrigger.EVALUATION));
    }
    List<ActionResult> results = actions.performAll(requested, () -> stillHeld(held));
    return Evaluation.acted(
        card, decision.isStop() ? Outcome.STOPPED : Outcome.RESUMED, decision, results);
  }

  /**
   * Renews the lock before each call to the carrier (a batch of the device's cards, or one card): a
   * device of slow cards must not outlive it. A lock that was lost may already be someone else's,
   * so the remaining cards are left to their next check.
   */
  private static boolean stillHeld(HeldLock held) {
    if (held.extend()) {
      return true;
    }
    log.warn("lost {} while acting; the remaining cards are left to their next check", held.key());
    return false;
  }

  /** What the rules say of a card of the device that might be resumed with the deciding one. */
  private static RuleVerdict resumeVerdict(Card card, Function<Card, RuleVerdict> verdicts) {
    RuleVerdict verdict = verdicts.apply(card);
    if (!verdict.holding().isEmpty()) {
      log.info("card {} stays stopped: {}", card.id(), verdict.holding().get(0).code());
    }
    return verdict;
  }

  private static boolean skippedAsProtected(Card card, Set<Long> protectedIds) {
    boolean protectedCard = protectedIds.contains(card.id());
    if (protectedCard) {
      log.info("card {} skipped: an operator's protection period is running", card.id());
    }
    return protectedCard;
  }

  private static List<Long> idsOf(Collection<Card> cards) {
    List<Long> ids = new ArrayList<>(cards.size());
    cards.forEach(card -> ids.add(card.id()));
    return ids;
  }

  private static String describe(Card card) {
    return "card " + card.id() + (card.inDevice() ? " (device " + card.deviceId() + ")" : "");
  }
}
