package com.cmp.polling.core.card;

import com.cmp.polling.core.jdbc.IntCoded;

/** {@code tb_iot_card.real_name_status}. */
public enum RealNameStatus implements IntCoded {
  UNVERIFIED(0),
  VERIFIED(1);

  private final int code;

  RealNameStatus(int code) {
    this.code = code;
  }

  @Override
  public int code() {
    return code;
  }

  public static RealNameStatus fromCode(int code) {
    return IntCoded.parse(RealNameStatus.class, code);
  }
}
