package com.cmp.polling.schemas.task;

import com.cmp.polling.schemas.WireCoded;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** The four periodic checks run for every polled card. */
public enum TaskType implements WireCoded {
  /** Real-name verification status at the carrier. */
  REALNAME("realname"),
  /** Month-to-date data usage at the carrier. */
  CARDDATA("carddata"),
  /** Package validity and usage. */
  PACKAGE("package"),
  /** Desired state during an operator's protection period. */
  PROTECT("protect");

  private final String code;

  TaskType(String code) {
    this.code = code;
  }

  @Override
  @JsonValue
  public String code() {
    return code;
  }

  /**
   * @throws IllegalArgumentException for an unknown code, naming it
   */
  @JsonCreator
  public static TaskType fromCode(String code) {
    return WireCoded.parse(TaskType.class, code, "task type");
  }
}
