package com.cmp.polling.stopresume.action;

import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import java.util.List;

/**
 * What happened when one card was stopped or resumed.
 *
 * @param deviceId the card's device, or null
 * @param reason for a stop the reason set on the card; for a resume the reason lifted (or manual)
 * @param reasons for a stop every reason that held for the card, {@code reason} first (as
 *     tb_stop_resume_log records them); otherwise {@code reason} alone
 * @param attempts gateway attempts made (0 when the card could not even be addressed)
 * @param error why it failed, or null
 * @param retryable whether a later attempt may succeed (false for a success)
 */
public record ActionResult(
    long cardId,
    Long deviceId,
    CardActionType action,
    StopReason reason,
    List<StopReason> reasons,
    ActionTrigger trigger,
    boolean success,
    int attempts,
    String error,
    boolean retryable) {

  public ActionResult {
    reasons = List.copyOf(reasons);
  }
}
