package com.cmp.polling.simulator.carrier;

import java.math.BigDecimal;
import java.time.LocalDate;

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
}
