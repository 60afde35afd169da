package com.cmp.polling.status.reconcile;

/** What a reconcile pass compares; {@link #code()} is the metric tag and the API's name. */
public enum PassKind {
  /**
   * The periodic pass: the cards whose planning columns changed since the last pass (the change
   * marker), the entries scored beyond any interval, and one slice of the sweep.
   */
  INCREMENTAL("incremental"),
  /** Every card and every queue entry: on demand, and after a Redis loss or a change-stream gap. */
  FULL("full");

  private final String code;

  PassKind(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }
}
