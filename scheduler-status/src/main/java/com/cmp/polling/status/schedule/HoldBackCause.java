package com.cmp.polling.status.schedule;

/** Why a task type was held back; {@link #code()} is the metric tag and the stats value. */
public enum HoldBackCause {
  /** The oldest task its handlers have not consumed is older than {@code max-lag-age}. */
  LAG_AGE("lag_age"),
  /** More tasks wait for its handlers than {@code max-consumer-lag}, when that rule is set. */
  LAG_COUNT("lag_count");

  private final String code;

  HoldBackCause(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }
}
