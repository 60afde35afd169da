package com.cmp.polling.status.reconcile;

/** Why a difference the reconciler found was left as it is; {@link #code()} is the metric tag. */
public enum SkipReason {
  /**
   * The card, its device or the configs changed within the settle window: the change stream may be
   * about to apply that change.
   */
  RECENT("recent"),
  /** The entry may be a lease in progress: its check is running and is never cut short. */
  LEASED("leased"),
  /** The entry changed between the reading and the repair: someone else wrote it meanwhile. */
  CHANGED("changed");

  private final String code;

  SkipReason(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }
}
