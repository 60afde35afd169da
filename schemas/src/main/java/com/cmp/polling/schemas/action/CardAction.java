package com.cmp.polling.schemas.action;

import java.time.Instant;
import java.util.Objects;

/**
 * A stop or resume the carrier confirmed, on {@code polling.card.actions} for downstream consumers
 * (billing, notifications). It is derived from the success row of {@code tb_stop_resume_log} that
 * records it (the lifecycle listener reads that table's change stream), so an action recorded in
 * the log is never missing from the topic.
 *
 * @param actionId the id of that tb_stop_resume_log row: the action's identity, the same however
 *     often the change stream delivers the row (a consumer that reads uncommitted records, or
 *     replays, deduplicates on it)
 * @param cardId the card
 * @param deviceId its device, or null
 * @param action stop or resume
 * @param reason for a stop, the reason set on the card; for a resume, the polling reason that was
 *     lifted, or {@link StopReason#MANUAL} when an operator asked for it
 * @param trigger who asked
 * @param attempts gateway attempts it took (1 = first try)
 * @param performedAt when the carrier's confirmation was recorded (the log row's {@code
 *     created_at})
 */
public record CardAction(
    long actionId,
    long cardId,
    Long deviceId,
    CardActionType action,
    StopReason reason,
    ActionTrigger trigger,
    int attempts,
    Instant performedAt) {

  public CardAction {
    if (actionId <= 0) {
      throw new IllegalArgumentException("action id must be positive, was " + actionId);
    }
    if (cardId <= 0) {
      throw new IllegalArgumentException("card id must be positive, was " + cardId);
    }
    if (deviceId != null && deviceId <= 0) {
      throw new IllegalArgumentException("device id must be positive, was " + deviceId);
    }
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(trigger, "trigger");
    Objects.requireNonNull(performedAt, "performedAt");
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be at least 1, was " + attempts);
    }
  }

  public String key() {
    return Long.toString(cardId);
  }
}
