package com.cmp.polling.status.reconcile;

/** What a repair of the queues fixed; {@link #code()} is the metric tag and the API's name. */
public enum RepairKind {
  /** A check its card should have was not queued: added, due when the planner says. */
  MISSING("missing"),
  /** An entry of a card that is not polled at all (or no longer exists): removed. */
  STRAY("stray"),
  /** An entry of a polled card under a task type its config does not have: removed. */
  WRONG_TYPE("wrong_type"),
  /**
   * An entry scored beyond any interval (it would never come due in time): moved to its plan's
   * time, or removed when the plan has no such check (a protect entry after its period).
   */
  FAR_FUTURE("far_future");

  private final String code;

  RepairKind(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }
}
