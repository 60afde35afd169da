package com.cmp.polling.core.stopresumelog;

import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import java.time.Instant;
import java.util.List;

/**
 * One gateway attempt to stop or resume a card, a row of {@code tb_stop_resume_log}: what answers
 * an operator's "why was this card stopped?".
 *
 * @param deviceId the card's device, or null
 * @param reason for a stop the reason set; for a resume the reason lifted (or manual)
 * @param reasons for a stop every reason that held for the card, {@code reason} first (a card whose
 *     only package is used up: {@code no_package, traffic_exhausted}); for a resume or an
 *     operator's stop, {@code reason} alone. Rows written before the column existed read as {@code
 *     reason} alone.
 * @param attempt 1 for the first try
 * @param error what the gateway said when the attempt failed, else null
 * @param createdAt when the attempt ended; null when inserting (the database sets it)
 */
public record StopResumeLogEntry(
    long cardId,
    Long deviceId,
    CardActionType action,
    StopReason reason,
    List<StopReason> reasons,
    ActionTrigger trigger,
    AttemptResult result,
    int attempt,
    String error,
    Instant createdAt) {

  public StopResumeLogEntry {
    reasons = List.copyOf(reasons);
    if (reasons.isEmpty() || reasons.get(0) != reason) {
      throw new IllegalArgumentException(
          "card "
              + cardId
              + ": reasons "
              + reasons.stream().map(StopReason::code).toList()
              + " must start with the reason "
              + (reason == null ? null : reason.code()));
    }
  }

  /** An entry whose reason is the only one: a resume, an operator's stop. */
  public StopResumeLogEntry(
      long cardId,
      Long deviceId,
      CardActionType action,
      StopReason reason,
      ActionTrigger trigger,
      AttemptResult result,
      int attempt,
      String error,
      Instant createdAt) {
    this(
        cardId,
        deviceId,
        action,
        reason,
        List.of(reason),
        trigger,
        result,
        attempt,
        error,
        createdAt);
  }
}
