package com.cmp.polling.listener.topology;

import com.cmp.polling.schemas.lifecycle.LifecycleEventType;
import java.time.Instant;

/**
 * What the device fan-out reads, keyed by device id, as a small string: {@code +<cardId>} (the card
 * joined the device), {@code -<cardId>} (it left), or {@code !<event type>|<epoch ms>|<position>}
 * (the device itself changed).
 */
record FanOutInput(Character membership, long cardId, DeviceChange device) {

  /** A device change to fan out to the device's cards. */
  record DeviceChange(LifecycleEventType type, Instant occurredAt, String position) {}

  static String join(long cardId) {
    return "+" + cardId;
  }

  static String leave(long cardId) {
    return "-" + cardId;
  }

  static String device(LifecycleEventType type, Instant occurredAt, String position) {
    return "!"
        + type.code()
        + "|"
        + occurredAt.toEpochMilli()
        + "|"
        + (position == null ? "" : position);
  }

  static FanOutInput parse(String wire) {
    char kind = wire.charAt(0);
    if (kind == '+' || kind == '-') {
      return new FanOutInput(kind, Long.parseLong(wire.substring(1)), null);
    }
    String[] parts = wire.substring(1).split("\\|", -1);
    return new FanOutInput(
        null,
        0,
        new DeviceChange(
            LifecycleEventType.fromCode(parts[0]),
            Instant.ofEpochMilli(Long.parseLong(parts[1])),
            parts[2].isEmpty() ? null : parts[2]));
  }
}
