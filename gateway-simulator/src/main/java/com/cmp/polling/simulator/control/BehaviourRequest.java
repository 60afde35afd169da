package com.cmp.polling.simulator.control;

import com.cmp.polling.simulator.behaviour.Account;
import com.cmp.polling.simulator.behaviour.Behaviour;
import java.math.BigDecimal;
import java.util.Map;

/** The body of {@code PUT /sim/config}: every field optional, an absent one takes its default. */
record BehaviourRequest(
    Long latencyMs,
    Double errorRate,
    Map<Long, Integer> rateLimitPerSecond,
    BigDecimal usageGrowthMbPerQuery,
    Long trickleMsPerByte,
    Map<Long, Map<String, Integer>> batchSizes,
    Map<String, Account> accounts) {

  /**
   * @throws IllegalArgumentException when a value is out of range
   */
  Behaviour toBehaviour() {
    return new Behaviour(
        latencyMs != null ? latencyMs : 0,
        errorRate != null ? errorRate : 0.0,
        rateLimitPerSecond,
        usageGrowthMbPerQuery,
        trickleMsPerByte != null ? trickleMsPerByte : 0,
        batchSizes,
        accounts);
  }
}
