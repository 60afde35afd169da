package com.cmp.polling.stopresume.action;

import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;

/**
 * What happened when one card was stopped or resumed.
 *
 * @param deviceId the card's device, or null
 * @param attempts gateway attempts made (0 when the card could not even be addressed)
 * @param error why it failed, or null
 * @param retryable whether a later attempt may succeed (false for a success)
 */
public record ActionResult(
    long cardId,
    Long deviceId,
    CardActionType action,
    StopReason reason,
    ActionTrigger trigger,
    boolean success,
    int attempts,
    String error,
    boolean retryable) {}
