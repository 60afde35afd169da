package com.cmp.polling.core.budget;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * What the scheduler last computed of one carrier account: the calls per second the configured
 * intervals of its carriers' cards need, what its regular share allows, and the stretch applied to
 * those intervals when the need is larger.
 *
 * @param callsPerDay null: no daily limit
 * @param neededPerSecond calls per second the configured intervals need (batch calls counted once)
 * @param allowedPerSecond calls per second the regular checks may spend (the unreserved share of
 *     the calls per second, or of the calls per day over 86 400 s, whichever is less)
 * @param stretch the factor (at least 1) the next checks of its carriers' cards are planned with
 * @param spentToday calls of the account spent today (UTC) by every process, all shares
 * @param intervals each configured interval of its cards and what the stretch makes of it
 */
public record AccountBudget(
    String account,
    Set<Long> carriers,
    int callsPerSecond,
    Long callsPerDay,
    double reservedShare,
    double neededPerSecond,
    double allowedPerSecond,
    double stretch,
    long spentToday,
    List<Interval> intervals,
    Instant computedAt) {

  public AccountBudget {
    carriers = Set.copyOf(carriers);
    intervals = List.copyOf(intervals);
  }

  /**
   * One check of a config for the account's cards.
   *
   * @param taskType the check's code (carddata, realname, package)
   * @param config the config's name
   * @param cards the account's cards the config governs
   * @param configuredSeconds the config's interval
   * @param effectiveSeconds the interval the stretch makes of it
   */
  public record Interval(
      String taskType, String config, long cards, long configuredSeconds, long effectiveSeconds) {}
}
