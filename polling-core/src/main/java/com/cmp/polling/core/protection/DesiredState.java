package com.cmp.polling.core.protection;

import com.cmp.polling.schemas.WireCoded;

/** The state an operator fixed for a card during its protection period (the key's value). */
public enum DesiredState implements WireCoded {
  STOPPED("stop"),
  ONLINE("start");

  private final String code;

  DesiredState(String code) {
    this.code = code;
  }

  @Override
  public String code() {
    return code;
  }

  public static DesiredState fromCode(String code) {
    return WireCoded.parse(DesiredState.class, code, "desired state");
  }
}
