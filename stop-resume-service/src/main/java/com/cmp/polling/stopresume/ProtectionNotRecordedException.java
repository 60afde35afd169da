package com.cmp.polling.stopresume;

import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.stopresume.action.ActionResult;
import java.time.Duration;

/**
 * An operator's stop or resume was carried out at the carrier (and recorded in the database), but
 * Redis did not take what goes with it: the protection period asked for, or the end of the period
 * the card was under. The action stands and must not be reported as failed, nor repeated on that
 * account: {@link #result()} is what was done, the message what is missing and what it means.
 */
public class ProtectionNotRecordedException extends RuntimeException {

  private final transient ActionResult result;

  /**
   * @param done the action carried out
   * @param period the protection period asked for; null or zero when none was
   */
  public ProtectionNotRecordedException(ActionResult done, Duration period, Throwable cause) {
    super(describe(done, period, cause), cause);
    this.result = done;
  }

  /** The action that was carried out. */
  public ActionResult result() {
    return result;
  }

  private static String describe(ActionResult done, Duration period, Throwable cause) {
    String acted = done.action() == CardActionType.STOP ? "stopped" : "resumed";
    String card = "card " + done.cardId() + " was " + acted + " at the carrier";
    if (period != null && !period.isZero() && !period.isNegative()) {
      return card
          + ", but its protection period of "
          + period.toSeconds()
          + " s could not be recorded ("
          + cause.getMessage()
          + "): the card is not protected, so the rules may change it at its next check";
    }
    return card
        + ", but the protection period it was under could not be ended ("
        + cause.getMessage()
        + "): until that period runs out, the protect check may force the card back";
  }
}
