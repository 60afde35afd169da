package com.cmp.polling.schemas.action;

import java.time.Instant;
import java.util.Objects;

/**
 * A stop or resume the carrier confirmed, published to {@code polling.card.actions} after the card
 * row was updated, for downstream consumers (billing, notifications).
 *
 * @param cardId the card
 * @param deviceId its device, or null
 * @param action stop or resume
 * @param reason for a stop, the reason set on the card; for a resume, the polling reason that was
 *     lifted, or {@link StopReason#MANUAL} when an operator asked for it
 * @param trigger who asked
 * @param attempts gateway attempts it took (1 = first try)
 * @param performedAt when the carrier confirmed it
 */
public record CardAction(
    long cardId,
    Long deviceId,
    CardActionType action,
    StopReason reason,
    ActionTrigger trigger,
    int attempts,
    Instant performedAt) {

  public CardAction {
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
