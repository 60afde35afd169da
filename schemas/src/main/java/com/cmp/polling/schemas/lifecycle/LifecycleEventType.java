package com.cmp.polling.schemas.lifecycle;

import com.cmp.polling.schemas.WireCoded;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** What happened to a card, its device or a polling config. */
public enum LifecycleEventType implements WireCoded {
  CARD_CREATED("card_created"),
  /** Soft or hard delete: the card leaves every queue and its cache. */
  CARD_DELETED("card_deleted"),
  CARD_POLLING_ENABLED("card_polling_enabled"),
  CARD_POLLING_DISABLED("card_polling_disabled"),
  /** A field that drives config matching changed (network or real-name status, carrier, ...). */
  CARD_STATUS_CHANGED("card_status_changed"),
  /** One event per card of the device. */
  DEVICE_POLLING_ENABLED("device_polling_enabled"),
  /** One event per card of the device. */
  DEVICE_POLLING_DISABLED("device_polling_disabled"),
  /** One event per card of the device. */
  DEVICE_DELETED("device_deleted"),
  /** A polling config was added, changed or removed; carries the config id, no card. */
  CONFIG_CHANGED("config_changed");

  private final String code;

  LifecycleEventType(String code) {
    this.code = code;
  }

  @Override
  @JsonValue
  public String code() {
    return code;
  }

  @JsonCreator
  public static LifecycleEventType fromCode(String code) {
    return WireCoded.parse(LifecycleEventType.class, code, "lifecycle event type");
  }

  /** Whether the event concerns the queues of one card (every type but config changes). */
  public boolean isCardEvent() {
    return this != CONFIG_CHANGED;
  }

  /** Whether the event is a device change fanned out to one of its cards. */
  public boolean isDeviceEvent() {
    return this == DEVICE_POLLING_ENABLED
        || this == DEVICE_POLLING_DISABLED
        || this == DEVICE_DELETED;
  }
}
