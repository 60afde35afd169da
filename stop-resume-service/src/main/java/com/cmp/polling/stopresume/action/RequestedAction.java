package com.cmp.polling.stopresume.action;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.stopresumelog.AttemptResult;
import com.cmp.polling.core.stopresumelog.StopResumeLogEntry;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import java.util.List;

/**
 * A stop or start asked of {@link CarrierActions}: what each attempt's log row and the result
 * repeat about it.
 *
 * @param reasons for a stop every reason that held, its stop reason first; for a resume the reason
 *     lifted
 */
public record RequestedAction(
    Card card, CardActionType type, List<StopReason> reasons, ActionTrigger trigger) {

  public RequestedAction {
    reasons = List.copyOf(reasons);
    if (reasons.isEmpty()) {
      throw new IllegalArgumentException(
          "a stop or start of card " + card.id() + " needs a reason");
    }
  }

  /** A stop for the first of {@code reasons}, every one of them logged. */
  public static RequestedAction stop(Card card, List<StopReason> reasons, ActionTrigger trigger) {
    return new RequestedAction(card, CardActionType.STOP, reasons, trigger);
  }

  /** A start lifting {@code lifted} (the reason the card was stopped for, or manual). */
  public static RequestedAction resume(Card card, StopReason lifted, ActionTrigger trigger) {
    return new RequestedAction(card, CardActionType.RESUME, List.of(lifted), trigger);
  }

  /** The stop reason set, or the one lifted. */
  StopReason reason() {
    return reasons.get(0);
  }

  /** The log row of one attempt ({@code error} null unless it failed). */
  StopResumeLogEntry attempt(AttemptResult result, int attempt, String error) {
    return new StopResumeLogEntry(
        card.id(), card.deviceId(), type, reason(), reasons, trigger, result, attempt, error, null);
  }

  /** What the caller learns, after {@code attempts} attempts at the carrier. */
  ActionResult result(boolean success, int attempts, String error, boolean retryable) {
    return new ActionResult(
        card.id(),
        card.deviceId(),
        type,
        reason(),
        reasons,
        trigger,
        success,
        attempts,
        error,
        retryable);
  }
}
