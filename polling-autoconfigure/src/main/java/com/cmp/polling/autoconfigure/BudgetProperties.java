package com.cmp.polling.autoconfigure;

import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The carrier accounts' call budgets ({@code cmp.polling.budget.*}): how much of each account the
 * regular checks may spend, and how often the scheduler weighs the configured intervals against
 * what is left to them.
 *
 * @param reservedShare the share of every account's calls per second and per day kept for manual
 *     checks and stop/resume actions: regular checks spend only the rest
 * @param recomputeInterval how often the scheduler computes the calls the configured intervals need
 *     per account and publishes the interval stretches
 * @param stretchRefresh how long a process plans with the stretches it read before reading them
 *     again
 */
public record BudgetProperties(
    @DefaultValue("0.2") double reservedShare,
    @DefaultValue("60s") Duration recomputeInterval,
    @DefaultValue("10s") Duration stretchRefresh) {

  public BudgetProperties {
    if (!(reservedShare >= 0 && reservedShare < 1)) {
      throw new IllegalArgumentException(
          "cmp.polling.budget.reserved-share must be at least 0 and below 1, was " + reservedShare);
    }
    if (recomputeInterval.isNegative() || recomputeInterval.isZero()) {
      throw new IllegalArgumentException(
          "cmp.polling.budget.recompute-interval must be positive, was " + recomputeInterval);
    }
    if (stretchRefresh.isNegative()) {
      throw new IllegalArgumentException(
          "cmp.polling.budget.stretch-refresh must not be negative, was " + stretchRefresh);
    }
  }

  /**
   * Refuses an account whose calls per second leave regular checks no whole call a second, or whose
   * calls per day no whole call a day, once the reserved share is kept.
   */
  void checkRegularShare(Map<String, CarrierAccountProperties> accounts) {
    accounts.forEach(
        (name, account) -> {
          if (Math.floor(account.callsPerSecond() * (1 - reservedShare) + 1e-9) < 1) {
            throw new IllegalArgumentException(
                "cmp.polling.gateway.accounts."
                    + name
                    + ".calls-per-second ("
                    + account.callsPerSecond()
                    + ") leaves regular checks no whole call a second once"
                    + " cmp.polling.budget.reserved-share ("
                    + reservedShare
                    + ") is kept: raise it or lower the share");
          }
          Long perDay = account.callsPerDay();
          if (perDay != null && Math.floor(perDay * (1 - reservedShare) + 1e-9) < 1) {
            // No whole call a day: every regular check would be refused and put off for ever.
            throw new IllegalArgumentException(
                "cmp.polling.gateway.accounts."
                    + name
                    + ".calls-per-day ("
                    + perDay
                    + ") leaves regular checks no whole call a day once"
                    + " cmp.polling.budget.reserved-share ("
                    + reservedShare
                    + ") is kept: raise it or lower the share");
          }
        });
  }
}
