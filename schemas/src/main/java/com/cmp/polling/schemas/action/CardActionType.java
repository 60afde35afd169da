package com.cmp.polling.schemas.action;

import com.cmp.polling.schemas.WireCoded;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** A change of a card's network state at the carrier. */
public enum CardActionType implements WireCoded {
  STOP("stop"),
  RESUME("resume");

  private final String code;

  CardActionType(String code) {
    this.code = code;
  }

  @Override
  @JsonValue
  public String code() {
    return code;
  }

  @JsonCreator
  public static CardActionType fromCode(String code) {
    return WireCoded.parse(CardActionType.class, code, "card action");
  }
}
