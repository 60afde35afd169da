package com.cmp.polling.simulator.calls;

import java.util.Map;

/**
 * The call counters ({@code GET /sim/calls}).
 *
 * @param total card operations received, including those answered with an error
 * @param rateLimited card operations answered 429
 * @param byCard card operations by ICCID, then by operation name ({@code real-name}, {@code usage},
 *     {@code network-status}, {@code stop}, {@code start})
 */
public record CallReport(long total, long rateLimited, Map<String, Map<String, Integer>> byCard) {

  public CallReport {
    byCard = byCard == null ? Map.of() : byCard;
  }
}
