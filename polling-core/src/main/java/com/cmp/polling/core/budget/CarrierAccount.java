package com.cmp.polling.core.budget;

import java.util.Set;

/**
 * A carrier account: the carriers whose calls it pays for, the calls it allows, and the share of
 * them the regular checks may spend (the rest is kept for manual checks and stop/resume actions).
 *
 * @param callsPerDay calls per UTC day; null: no daily limit
 * @param reservedShare the share kept for manual checks and stop/resume actions, in [0, 1)
 */
public record CarrierAccount(
    String name, Set<Long> carriers, int callsPerSecond, Long callsPerDay, double reservedShare) {

  public CarrierAccount {
    carriers = Set.copyOf(carriers);
  }

  /** The calls a second regular checks may spend: the unreserved share, whole calls only. */
  public int regularPerSecond() {
    return (int) Math.floor(callsPerSecond * (1 - reservedShare) + 1e-9);
  }

  /** The calls a day regular checks may spend; null when the account has no daily limit. */
  public Long regularPerDay() {
    return callsPerDay == null ? null : (long) Math.floor(callsPerDay * (1 - reservedShare) + 1e-9);
  }

  /**
   * The calls per second regular checks may spend on average: their share of a second, or of a day
   * spread evenly over its 86 400 seconds, whichever is less.
   */
  public double regularCallsPerSecond() {
    Long perDay = regularPerDay();
    return perDay == null ? regularPerSecond() : Math.min(regularPerSecond(), perDay / 86_400.0);
  }

  /**
   * How much a spender of {@code share} may spend in one second and in one day (null: no limit).
   */
  Limits limits(CallBudget.Share share) {
    return share == CallBudget.Share.REGULAR
        ? new Limits(regularPerSecond(), regularPerDay())
        : new Limits(callsPerSecond, callsPerDay);
  }

  record Limits(long perSecond, Long perDay) {}
}
