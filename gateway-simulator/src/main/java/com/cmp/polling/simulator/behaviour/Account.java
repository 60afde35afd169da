package com.cmp.polling.simulator.behaviour;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A carrier account: the carriers whose calls it pays for, and what it allows. Every call to any of
 * its carriers (a batch call counts once) takes from the same allowance.
 *
 * @param carriers the carrier ids whose calls count against this account (at least one)
 * @param callsPerSecond calls per second it allows (above: 429 {@code rate_limited}); null for no
 *     limit
 * @param callsPerDay calls per day (UTC, by the simulator's clock) it allows (above: 429 {@code
 *     quota_exceeded}); null for no quota
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Account(List<Long> carriers, Integer callsPerSecond, Long callsPerDay) {

  public Account {
    if (carriers == null || carriers.isEmpty() || carriers.stream().anyMatch(c -> c == null)) {
      throw new IllegalArgumentException("an account needs at least one carrier id");
    }
    carriers = List.copyOf(carriers);
    if (callsPerSecond != null && callsPerSecond < 1) {
      throw new IllegalArgumentException(
          "an account's callsPerSecond must be 1 or more, was " + callsPerSecond);
    }
    if (callsPerDay != null && callsPerDay < 1) {
      throw new IllegalArgumentException(
          "an account's callsPerDay must be 1 or more, was " + callsPerDay);
    }
  }
}
