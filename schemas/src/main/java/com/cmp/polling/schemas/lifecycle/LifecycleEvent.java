package com.cmp.polling.schemas.lifecycle;

import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * A change that affects the polling queues, derived from the database's change stream and published
 * to {@code polling.lifecycle}.
 *
 * @param type what happened
 * @param cardId the card concerned; null only for {@link LifecycleEventType#CONFIG_CHANGED}
 * @param deviceId the card's device, required for device events
 * @param configId the config concerned by a {@link LifecycleEventType#CONFIG_CHANGED}
 * @param changedFields columns whose change caused a {@link
 *     LifecycleEventType#CARD_STATUS_CHANGED}; empty otherwise
 * @param occurredAt commit time of the source change
 * @param sourcePosition position of the change in the database log (tracing only), or null
 */
public record LifecycleEvent(
    LifecycleEventType type,
    Long cardId,
    Long deviceId,
    Long configId,
    List<String> changedFields,
    Instant occurredAt,
    String sourcePosition) {

  public LifecycleEvent {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(occurredAt, "occurredAt");
    if (type.isCardEvent() && cardId == null) {
      throw new IllegalArgumentException(type.code() + " event needs a card id");
    }
    if (type.isDeviceEvent() && deviceId == null) {
      throw new IllegalArgumentException(type.code() + " event needs a device id");
    }
    if (!type.isCardEvent() && configId == null) {
      throw new IllegalArgumentException(type.code() + " event needs a config id");
    }
    requirePositive(cardId, "card id");
    requirePositive(deviceId, "device id");
    requirePositive(configId, "config id");
    // The schema wants unique items: keep the first of each, in order.
    changedFields =
        changedFields == null ? List.of() : List.copyOf(new LinkedHashSet<>(changedFields));
    if (changedFields.contains("")) {
      throw new IllegalArgumentException("a changed field needs a name");
    }
  }

  private static void requirePositive(Long id, String what) {
    if (id != null && id <= 0) {
      throw new IllegalArgumentException(what + " must be positive, was " + id);
    }
  }

  /** A card event without changed fields (created, deleted, enabled, disabled, device events). */
  public static LifecycleEvent ofCard(
      LifecycleEventType type, long cardId, Long deviceId, Instant occurredAt) {
    return new LifecycleEvent(type, cardId, deviceId, null, List.of(), occurredAt, null);
  }

  public static LifecycleEvent statusChanged(
      long cardId, Long deviceId, List<String> changedFields, Instant occurredAt) {
    return new LifecycleEvent(
        LifecycleEventType.CARD_STATUS_CHANGED,
        cardId,
        deviceId,
        null,
        changedFields,
        occurredAt,
        null);
  }

  public static LifecycleEvent configChanged(long configId, Instant occurredAt) {
    return new LifecycleEvent(
        LifecycleEventType.CONFIG_CHANGED, null, null, configId, List.of(), occurredAt, null);
  }

  /** A copy that records where in the database log the change came from. */
  public LifecycleEvent withSourcePosition(String position) {
    return new LifecycleEvent(
        type, cardId, deviceId, configId, changedFields, occurredAt, position);
  }

  /**
   * The Kafka record key: the card id, so that the events of one card stay in order; config events
   * are keyed {@code config:<id>}.
   */
  public String key() {
    return cardId != null ? cardId.toString() : "config:" + configId;
  }
}
