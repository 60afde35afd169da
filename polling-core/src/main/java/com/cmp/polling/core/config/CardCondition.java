package com.cmp.polling.core.config;

import com.cmp.polling.schemas.WireCoded;

/** The state of a card that polling configs match on ({@code tb_polling_config.card_condition}). */
public enum CardCondition implements WireCoded {
  /** Online but not real-name verified. */
  NOT_REAL_NAME("not_real_name"),
  /** Online and verified. */
  ACTIVATED("activated"),
  /** Stopped, whatever its real-name status, so that a stopped card is still checked. */
  SUSPENDED("suspended");

  private final String code;

  CardCondition(String code) {
    this.code = code;
  }

  @Override
  public String code() {
    return code;
  }

  public static CardCondition fromCode(String code) {
    return WireCoded.parse(CardCondition.class, code, "card condition");
  }
}
