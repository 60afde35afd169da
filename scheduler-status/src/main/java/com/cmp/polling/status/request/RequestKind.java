package com.cmp.polling.status.request;

import com.cmp.polling.schemas.WireCoded;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** What an operator asks the schedulers to do to the queues. */
public enum RequestKind implements WireCoded {
  /** Read every card from PostgreSQL into the queues again (the initializer's run, on demand). */
  REBUILD("rebuild"),
  /** One reconcile pass now: PostgreSQL compared with the queues, differences repaired. */
  RECONCILE("reconcile");

  private final String code;

  RequestKind(String code) {
    this.code = code;
  }

  @Override
  @JsonValue
  public String code() {
    return code;
  }

  @JsonCreator
  public static RequestKind fromCode(String code) {
    return WireCoded.parse(RequestKind.class, code, "request kind");
  }
}
