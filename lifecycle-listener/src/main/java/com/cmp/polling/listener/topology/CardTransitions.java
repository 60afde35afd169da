package com.cmp.polling.listener.topology;

import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import com.cmp.polling.schemas.lifecycle.LifecycleEventType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.kafka.streams.KeyValue;

/** What a change of a {@code tb_iot_card} row means for the polling queues. */
final class CardTransitions {

  private CardTransitions() {}

  /**
   * The lifecycle event of the change, if any. Snapshot reads ({@code r}) make none: the
   * scheduler's initializer enrolls existing cards. A change of columns that do not matter (usage
   * counters, {@code updated_at}, the stop reason alone) makes none either.
   */
  static List<LifecycleEvent> events(ChangeEnvelope change) {
    CardRow before = CardRow.of(change.before());
    CardRow after = CardRow.of(change.after());
    LifecycleEvent event =
        switch (change.op()) {
          case 'c' -> after.live() ? card(LifecycleEventType.CARD_CREATED, after, change) : null;
          case 'd' -> before.live() ? card(LifecycleEventType.CARD_DELETED, before, change) : null;
          case 'u' -> updated(before, after, change);
          default -> null;
        };
    return event == null ? List.of() : List.of(event.withSourcePosition(change.position()));
  }

  private static LifecycleEvent updated(CardRow before, CardRow after, ChangeEnvelope change) {
    if (before.deleted() && after.deleted()) {
      return null;
    }
    if (after.deleted()) {
      return card(LifecycleEventType.CARD_DELETED, after, change);
    }
    if (before.deleted()) {
      return card(LifecycleEventType.CARD_CREATED, after, change); // restored
    }
    if (before.pollingEnabled() != after.pollingEnabled()) {
      // Enabling re-reads the whole card, so other columns changed with it are covered too.
      return card(
          after.pollingEnabled()
              ? LifecycleEventType.CARD_POLLING_ENABLED
              : LifecycleEventType.CARD_POLLING_DISABLED,
          after,
          change);
    }
    List<String> changed = after.changedStatusColumns(before);
    return changed.isEmpty()
        ? null
        : LifecycleEvent.statusChanged(after.id(), after.deviceId(), changed, change.occurredAt());
  }

  private static LifecycleEvent card(LifecycleEventType type, CardRow row, ChangeEnvelope change) {
    return LifecycleEvent.ofCard(type, row.id(), row.deviceId(), change.occurredAt());
  }

  /**
   * Which device the card leaves and joins, keyed by device id: {@code -<cardId>} and {@code
   * +<cardId>} (see {@link FanOutInput}). Snapshot reads count, so that the device → cards state
   * also knows the cards that existed before the listener first started.
   */
  static List<KeyValue<String, String>> membership(ChangeEnvelope change) {
    CardRow before = CardRow.of(change.before());
    CardRow after = CardRow.of(change.after());
    Long left = before != null && before.live() ? before.deviceId() : null;
    Long joined = after != null && after.live() ? after.deviceId() : null;
    List<KeyValue<String, String>> deltas = new ArrayList<>(2);
    if (Objects.equals(left, joined)) {
      return deltas;
    }
    long cardId = after != null ? after.id() : before.id();
    if (left != null) {
      deltas.add(KeyValue.pair(left.toString(), FanOutInput.leave(cardId)));
    }
    if (joined != null) {
      deltas.add(KeyValue.pair(joined.toString(), FanOutInput.join(cardId)));
    }
    return deltas;
  }
}
