package com.cmp.polling.schemas.action;

import com.cmp.polling.schemas.WireCoded;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Who asked for a stop or resume. */
public enum ActionTrigger implements WireCoded {
  /** StopResumeService's rules, after a check. */
  EVALUATION("evaluation"),
  /** An operator through the admin API. */
  OPERATOR("operator"),
  /** The protect check, restoring the state an operator fixed for a protection period. */
  PROTECTION("protection");

  private final String code;

  ActionTrigger(String code) {
    this.code = code;
  }

  @Override
  @JsonValue
  public String code() {
    return code;
  }

  @JsonCreator
  public static ActionTrigger fromCode(String code) {
    return WireCoded.parse(ActionTrigger.class, code, "action trigger");
  }
}
