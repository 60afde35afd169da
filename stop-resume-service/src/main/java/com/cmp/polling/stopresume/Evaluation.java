package com.cmp.polling.stopresume;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.switches.Exemption;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.action.ActionResult;
import java.util.List;

/**
 * What {@link StopResumeService#evaluateAndAct} decided for a card, and the actions it performed.
 *
 * @param reason the stop reason acted on (the one lifted for a resume), or null
 * @param actions one entry per card stopped or resumed (several for a device)
 * @param unchangedCard the card as the evaluation read it, when nothing it did changed it (no
 *     action, protected); null otherwise. Callers that need the card afterwards may use it instead
 *     of reading it again.
 * @param exempted reasons that held for the card but that a rule switch set aside (an unverified
 *     card of a carrier where {@code not_realname} is not enforced, or still in its grace period):
 *     why a card the rules would otherwise stop stays online
 */
public record Evaluation(
    long cardId,
    Outcome outcome,
    StopReason reason,
    List<ActionResult> actions,
    Card unchangedCard,
    List<Exemption> exempted) {

  /** The kinds of outcome. */
  public enum Outcome {
    /** Nothing to do: the card is where the rules want it. */
    NO_ACTION,
    STOPPED,
    RESUMED,
    /** Left alone: an operator's protection period is running. */
    PROTECTED,
    /** Left alone: another process was acting on the card or its device; its next check decides. */
    BUSY,
    /**
     * Left alone: the card sits in a deleted device, so it is not polled and the rules do not apply
     * to it (a device's deletion must not stop its cards) until it moves.
     */
    DEVICE_DELETED
  }

  public Evaluation {
    actions = List.copyOf(actions);
    exempted = List.copyOf(exempted);
  }

  public Evaluation(long cardId, Outcome outcome, StopReason reason, List<ActionResult> actions) {
    this(cardId, outcome, reason, actions, null, List.of());
  }

  static Evaluation without(long cardId, Outcome outcome) {
    return new Evaluation(cardId, outcome, null, List.of());
  }

  /** Nothing done to {@code card}, as read: callers may go on with it. */
  static Evaluation leaving(Card card, Outcome outcome) {
    return leaving(card, outcome, List.of());
  }

  /** {@link #leaving(Card, Outcome)} of a card the switches kept from a stop. */
  static Evaluation leaving(Card card, Outcome outcome, List<Exemption> exempted) {
    return new Evaluation(card.id(), outcome, null, List.of(), card, exempted);
  }

  /** An action taken; {@code exempted} as the decision found them. */
  static Evaluation acted(
      Card card, Outcome outcome, Decision decision, List<ActionResult> results) {
    return new Evaluation(
        card.id(), outcome, decision.reason(), results, null, decision.exempted());
  }

  /** Whether some action failed at the carrier (the others were still carried out). */
  public boolean hasFailures() {
    return actions.stream().anyMatch(a -> !a.success());
  }
}
