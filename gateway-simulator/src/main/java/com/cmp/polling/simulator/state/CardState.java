package com.cmp.polling.simulator.state;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * A card as the simulated carrier knows it ({@code /sim/cards/{iccid}}). In a change every field is
 * optional (null keeps the current value); the simulator's answers have them all.
 *
 * @param verified real-name verification done
 * @param online the card is online (not stopped)
 * @param monthStart first day of the month {@code totalMb} belongs to
 * @param totalMb month-to-date data usage, MB
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CardState(
    Boolean verified, Boolean online, LocalDate monthStart, BigDecimal totalMb) {

  public CardState {
    if (totalMb != null && totalMb.signum() < 0) {
      throw new IllegalArgumentException("totalMb must be 0 or more, was " + totalMb);
    }
  }

  /** A card never seen: verified, online, nothing used in the month starting {@code monthStart}. */
  public static CardState fresh(LocalDate monthStart) {
    return new CardState(true, true, monthStart, BigDecimal.ZERO);
  }

  /** A change that sets only {@code online}. */
  public static CardState online(boolean online) {
    return new CardState(null, online, null, null);
  }

  /** A change that sets only {@code verified}. */
  public static CardState verified(boolean verified) {
    return new CardState(verified, null, null, null);
  }

  /** A change that sets only the month's usage. */
  public static CardState usage(LocalDate monthStart, BigDecimal totalMb) {
    return new CardState(null, null, monthStart, totalMb);
  }

  /**
   * This state as the carrier reports it in the month starting {@code currentMonth}: a total of an
   * earlier month is over, so the card starts the current month with 0 MB (verified and online
   * kept); a total of the current month (or a later one) is reported as it is. For a whole state,
   * not a change.
   */
  public CardState inMonth(LocalDate currentMonth) {
    if (!monthStart.isBefore(currentMonth)) {
      return this;
    }
    return new CardState(verified, online, currentMonth, BigDecimal.ZERO);
  }

  /** This state with the non-null fields of {@code change} applied. */
  public CardState with(CardState change) {
    return new CardState(
        change.verified != null ? change.verified : verified,
        change.online != null ? change.online : online,
        change.monthStart != null ? change.monthStart : monthStart,
        change.totalMb != null ? change.totalMb : totalMb);
  }
}
