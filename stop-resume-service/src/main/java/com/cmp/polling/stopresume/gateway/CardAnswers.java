package com.cmp.polling.stopresume.gateway;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * The JSON of the gateway's 200 answers (docs/gateway-api.md): one card's answer, the same alone
 * and as an entry of a batch answer's {@code results}, and the batch answer itself.
 */
final class CardAnswers {

  private CardAnswers() {}

  /** Every card's answer names its card. */
  interface CardAnswer {
    String iccid();
  }

  record RealName(String iccid, Boolean verified) implements CardAnswer {}

  record Usage(String iccid, LocalDate monthStart, BigDecimal totalMb) implements CardAnswer {}

  /** The network status; also the answer of stop and start. */
  record Network(String iccid, Boolean online) implements CardAnswer {}

  record Package(String iccid, String state) implements CardAnswer {}

  /**
   * A batch answer: the cards answered and the cards that failed, each with the status and error
   * body its single call would have had.
   */
  record Batch<A>(List<A> results, List<CardFailure> failures) {

    Batch {
      results = results == null ? List.of() : results;
      failures = failures == null ? List.of() : failures;
    }
  }

  record CardFailure(String iccid, Integer status, String error, String message) {}
}
