package com.cmp.polling.simulator.calls;

import java.util.Map;

/**
 * The call counters without the per-card lists ({@code GET /sim/calls/summary}): small whatever the
 * number of cards, so a long run can ask how many calls its cards cost and how many cards were
 * called more than once.
 *
 * @param total calls received (a batch call counts once), including those answered with an error
 * @param rateLimited calls answered 429 for a carrier's or an account's rate
 * @param quotaRefused calls answered 429 because an account's calls of the day were used up
 * @param byOperation per operation name ({@code real-name}, {@code usage}, ...), only those called
 * @param byAccount per account name, only those called
 */
public record CallSummary(
    long total,
    long rateLimited,
    long quotaRefused,
    Map<String, OperationCalls> byOperation,
    Map<String, AccountCalls> byAccount) {

  public CallSummary {
    byOperation = byOperation == null ? Map.of() : byOperation;
    byAccount = byAccount == null ? Map.of() : byAccount;
  }

  /**
   * One operation's calls.
   *
   * @param calls calls received: {@code singleCalls + batchCalls}
   * @param singleCalls calls about one card ({@code .../cards/{iccid}/...})
   * @param batchCalls batch calls ({@code .../batch/...})
   * @param cardsInBatchCalls the cards those batch calls carried, together
   * @param cards distinct cards (ICCIDs) asked about, alone or in a batch
   * @param cardsCalledMoreThanOnce cards asked about twice or more
   * @param repeatCalls times a card was asked about beyond its first ({@code singleCalls +
   *     cardsInBatchCalls − cards})
   */
  public record OperationCalls(
      long calls,
      long singleCalls,
      long batchCalls,
      long cardsInBatchCalls,
      long cards,
      long cardsCalledMoreThanOnce,
      long repeatCalls) {}

  /**
   * One account's calls.
   *
   * @param calls calls to its carriers received, whatever their answer
   * @param rateLimited of those, answered 429 for the account's calls per second
   * @param quotaRefused of those, answered 429 because its calls of the day were used up
   * @param busiestSecond the most calls to its carriers received in one second, whatever their
   *     answer
   */
  public record AccountCalls(long calls, long rateLimited, long quotaRefused, long busiestSecond) {}
}
