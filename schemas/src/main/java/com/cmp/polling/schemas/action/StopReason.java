package com.cmp.polling.schemas.action;

import com.cmp.polling.schemas.WireCoded;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.EnumSet;
import java.util.Set;

/**
 * Why a card is stopped ({@code tb_iot_card.stop_reason}). The first three are the polling reasons,
 * in priority order; only they are ever resumed automatically. Other platform writers may store
 * reasons not listed here: those are never resumed automatically either.
 */
public enum StopReason implements WireCoded {
  /** No package with status pending or active (for a card in a device: the device's packages). */
  NO_PACKAGE("no_package"),
  /** The first active-or-exhausted package is exhausted or at its limit. */
  TRAFFIC_EXHAUSTED("traffic_exhausted"),
  /** A {@code normal} card without real-name verification. */
  NOT_REALNAME("not_realname"),
  /** Stopped by an operator. */
  MANUAL("manual");

  private static final Set<StopReason> POLLING_REASONS =
      EnumSet.of(NO_PACKAGE, TRAFFIC_EXHAUSTED, NOT_REALNAME);

  private final String code;

  StopReason(String code) {
    this.code = code;
  }

  @Override
  @JsonValue
  public String code() {
    return code;
  }

  @JsonCreator
  public static StopReason fromCode(String code) {
    return WireCoded.parse(StopReason.class, code, "stop reason");
  }

  /** Whether this is a reason the polling rules set and may therefore lift. */
  public boolean isPollingReason() {
    return POLLING_REASONS.contains(this);
  }

  /**
   * Whether a stored stop reason (any string, possibly null or unknown) is one of the polling
   * reasons.
   */
  public static boolean isPollingReason(String storedCode) {
    for (StopReason reason : POLLING_REASONS) {
      if (reason.code.equals(storedCode)) {
        return true;
      }
    }
    return false;
  }
}
