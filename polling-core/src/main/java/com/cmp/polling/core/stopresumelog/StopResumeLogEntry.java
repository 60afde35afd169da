package com.cmp.polling.core.stopresumelog;

import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import java.time.Instant;

/**
 * One gateway attempt to stop or resume a card, a row of {@code tb_stop_resume_log}: what answers
 * an operator's "why was this card stopped?".
 *
 * @param deviceId the card's device, or null
 * @param reason for a stop the reason set; for a resume the reason lifted (or manual)
 * @param attempt 1 for the first try
 * @param error what the gateway said when the attempt failed, else null
 * @param createdAt when the attempt ended; null when inserting (the database sets it)
 */
public record StopResumeLogEntry(
    long cardId,
    Long deviceId,
    CardActionType action,
    StopReason reason,
    ActionTrigger trigger,
    AttemptResult result,
    int attempt,
    String error,
    Instant createdAt) {}
