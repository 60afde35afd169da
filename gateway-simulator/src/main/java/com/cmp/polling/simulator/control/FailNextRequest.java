package com.cmp.polling.simulator.control;

/**
 * The body of {@code POST /sim/cards/{iccid}/fail-next}.
 *
 * @param count how many card operations fail (required; 0 cancels pending failures)
 * @param status what they answer (400..599); 503 when absent
 */
record FailNextRequest(Integer count, Integer status) {

  static final int DEFAULT_STATUS = 503;

  FailNextRequest {
    if (count == null) {
      throw new IllegalArgumentException("fail-next needs a count");
    }
    status = status != null ? status : DEFAULT_STATUS;
  }
}
