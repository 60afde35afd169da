package com.cmp.polling.simulator.calls;

import java.util.Map;

/**
 * The call counters without the per-card lists ({@code GET /sim/calls/summary}): small whatever the
 * number of cards, so a long run can ask how many cards were called more than once.
 *
 * @param total card operations received, including those answered with an error
 * @param rateLimited card operations answered 429
 * @param byOperation per operation name ({@code real-name}, {@code usage}, ...), only those called
 */
public record CallSummary(long total, long rateLimited, Map<String, OperationCalls> byOperation) {

  public CallSummary {
    byOperation = byOperation == null ? Map.of() : byOperation;
  }

  /**
   * One operation's calls.
   *
   * @param calls calls received
   * @param cards distinct cards (ICCIDs) called
   * @param cardsCalledMoreThanOnce cards called twice or more
   * @param repeatCalls calls beyond each card's first ({@code calls − cards})
   */
  public record OperationCalls(
      long calls, long cards, long cardsCalledMoreThanOnce, long repeatCalls) {}
}
