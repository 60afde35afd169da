package com.cmp.polling.stopresume.gateway;

import java.util.Arrays;
import java.util.List;

/**
 * The card operations of the gateway API, by the names its paths and the configuration use: the
 * four queries and stop and start. Each has a single form ({@code .../cards/{iccid}/<name>}) and
 * may have a batch form at a carrier ({@code .../batch/<name>}, see {@link BatchSizes}).
 */
public enum CarrierOperation {
  REAL_NAME("real-name"),
  USAGE("usage"),
  NETWORK_STATUS("network-status"),
  PACKAGE("package"),
  STOP("stop"),
  START("start");

  private final String wireName;

  CarrierOperation(String wireName) {
    this.wireName = wireName;
  }

  /** The last segment of the operation's paths, and its name in configuration and metrics. */
  public String wireName() {
    return wireName;
  }

  /** Whether it only reads the card (stop and start change it). */
  public boolean isQuery() {
    return this != STOP && this != START;
  }

  /** Every wire name, in declaration order. */
  public static List<String> wireNames() {
    return Arrays.stream(values()).map(CarrierOperation::wireName).toList();
  }

  /**
   * @throws IllegalArgumentException for a name that is none of {@link #wireNames()}
   */
  public static CarrierOperation fromWireName(String name) {
    for (CarrierOperation operation : values()) {
      if (operation.wireName.equals(name)) {
        return operation;
      }
    }
    throw new IllegalArgumentException(
        "unknown carrier operation '" + name + "': one of " + wireNames());
  }
}
