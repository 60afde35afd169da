package com.cmp.polling.stopresume.gateway;

import java.util.Locale;

/**
 * The state of the package a card uses now, as its carrier reports it (the answer to the carrier's
 * package query). The wire codes are the lower-case names.
 */
public enum CarrierPackageState {
  /** The carrier knows no package of the card. */
  NONE,
  /** Bought, not activated yet. */
  PENDING,
  /** In use, with room left. */
  ACTIVE,
  /** In use, used up. */
  EXHAUSTED,
  /** Past its end date. */
  EXPIRED;

  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * @throws IllegalArgumentException for a code that is none of the above
   */
  public static CarrierPackageState fromCode(String code) {
    for (CarrierPackageState state : values()) {
      if (state.code().equals(code)) {
        return state;
      }
    }
    throw new IllegalArgumentException("unknown package state '" + code + "'");
  }
}
