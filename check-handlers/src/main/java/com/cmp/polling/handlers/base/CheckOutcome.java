package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.enrollment.UsageOutlook;
import com.cmp.polling.stopresume.Evaluation;

/**
 * Where a card goes once its check is done (or could not run), and the card as the check last read
 * it when nothing changed it since: completion then matches that card's config without reading it
 * again.
 *
 * @param usage what a carddata check learnt of the card's usage: its next carddata check is planned
 *     from it; null for other checks
 */
public record CheckOutcome(Kind kind, Card currentCard, UsageOutlook usage) {

  /** Where the card goes. */
  public enum Kind {
    /** Next check after the interval of the card's (re-matched) config. */
    NEXT,
    /** A passing failure (gateway timeout, busy card): again after the short retry delay. */
    RETRY_SOON,
    /** Not run: every permit of the task type was in use. Again after the short retry delay. */
    PUT_OFF,
    /** This card no longer needs this check (protect period over): out of this queue. */
    LEAVE,
    /** The card does not exist any more: out of every queue. */
    GONE
  }

  public static final CheckOutcome NEXT = new CheckOutcome(Kind.NEXT, null);
  public static final CheckOutcome RETRY_SOON = new CheckOutcome(Kind.RETRY_SOON, null);
  public static final CheckOutcome PUT_OFF = new CheckOutcome(Kind.PUT_OFF, null);
  public static final CheckOutcome LEAVE = new CheckOutcome(Kind.LEAVE, null);
  public static final CheckOutcome GONE = new CheckOutcome(Kind.GONE, null);

  /** An outcome that says nothing of the card's usage. */
  public CheckOutcome(Kind kind, Card currentCard) {
    this(kind, currentCard, null);
  }

  /** The next check, with the card as the check last saw it: nothing it did changed it since. */
  public static CheckOutcome next(Card current) {
    return new CheckOutcome(Kind.NEXT, current);
  }

  /** This outcome with what the check learnt of the card's usage. */
  public CheckOutcome withUsage(UsageOutlook outlook) {
    return new CheckOutcome(kind, currentCard, outlook);
  }

  /**
   * After {@code StopResumeService.evaluateAndAct}: retry soon when another process held the card,
   * else the next check, with the card the evaluation left unchanged (if it did).
   */
  public static CheckOutcome after(Evaluation evaluation) {
    return evaluation.outcome() == Evaluation.Outcome.BUSY
        ? RETRY_SOON
        : new CheckOutcome(Kind.NEXT, evaluation.unchangedCard());
  }
}
