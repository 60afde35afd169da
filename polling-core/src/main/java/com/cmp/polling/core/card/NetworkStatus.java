package com.cmp.polling.core.card;

import com.cmp.polling.core.jdbc.IntCoded;

/** {@code tb_iot_card.network_status}. */
public enum NetworkStatus implements IntCoded {
  STOPPED(0),
  ONLINE(1);

  private final int code;

  NetworkStatus(int code) {
    this.code = code;
  }

  @Override
  public int code() {
    return code;
  }

  public static NetworkStatus fromCode(int code) {
    return IntCoded.parse(NetworkStatus.class, code);
  }
}
