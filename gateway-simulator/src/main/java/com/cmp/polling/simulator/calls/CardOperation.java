package com.cmp.polling.simulator.calls;

/** The card operations of the gateway API, by the names the call counts use. */
public enum CardOperation {
  REAL_NAME("real-name"),
  USAGE("usage"),
  NETWORK_STATUS("network-status"),
  PACKAGE("package"),
  STOP("stop"),
  START("start");

  private final String wireName;

  CardOperation(String wireName) {
    this.wireName = wireName;
  }

  /** The last path segment of the operation, and its key in call counts. */
  public String wireName() {
    return wireName;
  }

  /** Whether it changes the card (answered to POST) rather than reads it (GET). */
  public boolean changesState() {
    return this == STOP || this == START;
  }

  /** The operation with that last path segment, or null. */
  public static CardOperation fromWireName(String wireName) {
    for (CardOperation operation : values()) {
      if (operation.wireName.equals(wireName)) {
        return operation;
      }
    }
    return null;
  }
}
