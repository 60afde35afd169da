package com.cmp.polling.core.card;

import com.cmp.polling.schemas.WireCoded;

/** {@code tb_iot_card.card_category}: industry cards are exempt from real-name verification. */
public enum CardCategory implements WireCoded {
  NORMAL("normal"),
  INDUSTRY("industry");

  private final String code;

  CardCategory(String code) {
    this.code = code;
  }

  @Override
  public String code() {
    return code;
  }

  public static CardCategory fromCode(String code) {
    return WireCoded.parse(CardCategory.class, code, "card category");
  }
}
