package com.cmp.polling.simulator.carrier;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/** The 200 answers of the card operations, as docs/gateway-api.md shows them. */
final class CardAnswers {

  private CardAnswers() {}

  record RealName(String iccid, boolean verified) {}

  /** Month-to-date total of the month starting {@code monthStart}. */
  record Usage(String iccid, LocalDate monthStart, BigDecimal totalMb) {}

  /** The state of the package the card uses now: none, pending, active, exhausted, expired. */
  record Package(String iccid, String state) {}

  /** Network status, also the answer of stop and start. */
  record NetworkStatus(String iccid, boolean online) {}

  /**
   * A batch call's answer: each card's single answer, or its failure.
   *
   * @param results the single answers of the cards that succeeded
   * @param failures the cards that did not, each with the status and error body its single call
   *     would have had
   */
  record Batch(List<Object> results, List<CardFailure> failures) {}

  record CardFailure(String iccid, int status, String error, String message) {}

  /** The body of a batch call. */
  record BatchRequest(List<String> iccids) {}
}
