package com.cmp.polling.listener.topology;

import com.cmp.polling.schemas.lifecycle.LifecycleEventType;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import tools.jackson.databind.JsonNode;

/** What a change of a {@code tb_device} row means for the cards of that device. */
final class DeviceTransitions {

  private DeviceTransitions() {}

  /**
   * The device change to fan out, keyed by device id: polling enabled or disabled, or deleted (its
   * cards then leave the queues like those of a disabled device, and stay out until they move to a
   * live device or out of any). A restored device counts as enabled or disabled by its flag;
   * inserts and snapshot reads make nothing (a new device has no cards yet).
   */
  static List<KeyValue<String, String>> events(ChangeEnvelope change) {
    LifecycleEventType type = type(change);
    if (type == null) {
      return List.of();
    }
    JsonNode row = change.after() != null ? change.after() : change.before();
    long deviceId = Fields.requireLong(row, "id");
    return List.of(
        KeyValue.pair(
            Long.toString(deviceId),
            FanOutInput.device(type, change.occurredAt(), change.position())));
  }

  private static LifecycleEventType type(ChangeEnvelope change) {
    switch (change.op()) {
      case 'd':
        return Fields.deleted(change.before()) ? null : LifecycleEventType.DEVICE_DELETED;
      case 'u':
        break;
      default:
        Fields.requireLong(change.after(), "id");
        return null;
    }
    boolean wasDeleted = Fields.deleted(change.before());
    boolean isDeleted = Fields.deleted(change.after());
    boolean wasEnabled = Fields.requireBoolean(change.before(), "enable_polling");
    boolean isEnabled = Fields.requireBoolean(change.after(), "enable_polling");
    if (wasDeleted && isDeleted) {
      return null;
    }
    if (isDeleted) {
      return LifecycleEventType.DEVICE_DELETED;
    }
    if (wasDeleted || wasEnabled != isEnabled) {
      return isEnabled
          ? LifecycleEventType.DEVICE_POLLING_ENABLED
          : LifecycleEventType.DEVICE_POLLING_DISABLED;
    }
    return null;
  }
}
