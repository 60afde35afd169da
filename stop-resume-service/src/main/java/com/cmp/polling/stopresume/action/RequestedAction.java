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
record RequestedAction(
    Card card, CardActionType type, List<StopReason> reasons, ActionTrigger trigger) {

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
