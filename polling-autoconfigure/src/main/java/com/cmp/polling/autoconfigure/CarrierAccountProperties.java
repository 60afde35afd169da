package com.cmp.polling.autoconfigure;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * One carrier account ({@code cmp.polling.gateway.accounts.<name>.*}): the carriers whose calls it
 * pays for and what it allows. Every call to any of its carriers, single or batch, counts once
 * against it; its calls per second replace those carriers' {@code rate-limit-per-second}.
 *
 * @param carriers the carrier ids the account serves (at least one; a carrier in one account only)
 * @param callsPerSecond the calls per second the account allows, shared by every process
 * @param callsPerDay the calls per day (UTC) the account allows; unset: no daily limit
 */
public record CarrierAccountProperties(
    Set<Long> carriers, Integer callsPerSecond, Long callsPerDay) {

  public CarrierAccountProperties {
    carriers = carriers == null ? Set.of() : Set.copyOf(carriers);
  }

  /**
   * Refuses values no account can have, naming the property.
   *
   * @param name the account's name in the configuration
   */
  void check(String name) {
    String prefix = "cmp.polling.gateway.accounts." + name + ".";
    if (carriers.isEmpty()) {
      throw new IllegalArgumentException(prefix + "carriers must name at least one carrier id");
    }
    if (callsPerSecond == null || callsPerSecond < 1) {
      throw new IllegalArgumentException(
          prefix + "calls-per-second must be at least 1, was " + callsPerSecond);
    }
    if (callsPerDay != null && callsPerDay < 1) {
      throw new IllegalArgumentException(
          prefix
              + "calls-per-day must be at least 1 (or unset: no daily limit), was "
              + callsPerDay);
    }
  }

  /**
   * Checks every account, and that each carrier is in one account at most and not also given a
   * limit of its own.
   */
  static void checkAll(
      Map<String, CarrierAccountProperties> accounts, Map<Long, Integer> rateLimitPerSecond) {
    Map<Long, String> accountOf = new HashMap<>();
    accounts.forEach(
        (name, account) -> {
          account.check(name);
          for (Long carrierId : account.carriers()) {
            String other = accountOf.put(carrierId, name);
            if (other != null) {
              throw new IllegalArgumentException(
                  "cmp.polling.gateway.accounts."
                      + name
                      + ".carriers: carrier "
                      + carrierId
                      + " is already in account "
                      + other);
            }
            if (rateLimitPerSecond.containsKey(carrierId)) {
              throw new IllegalArgumentException(
                  "cmp.polling.gateway.rate-limit-per-second."
                      + carrierId
                      + ": carrier "
                      + carrierId
                      + " is in account "
                      + name
                      + ", whose calls-per-second is its limit; remove one of the two");
            }
          }
        });
  }
}
