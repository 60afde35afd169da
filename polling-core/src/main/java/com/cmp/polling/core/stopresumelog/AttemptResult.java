package com.cmp.polling.core.stopresumelog;

import com.cmp.polling.schemas.WireCoded;

/** Outcome of one gateway attempt to stop or resume a card. */
public enum AttemptResult implements WireCoded {
  /** The carrier confirmed. */
  SUCCESS("success"),
  /** This attempt failed; another one follows. */
  ERROR("error"),
  /** The last attempt failed; the card was left as it was. */
  FAILED("failed");

  private final String code;

  AttemptResult(String code) {
    this.code = code;
  }

  @Override
  public String code() {
    return code;
  }

  public static AttemptResult fromCode(String code) {
    return WireCoded.parse(AttemptResult.class, code, "attempt result");
  }
}
