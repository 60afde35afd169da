package com.cmp.polling.simulator.behaviour;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * How the simulated gateway treats card operations ({@code PUT /sim/config}).
 *
 * @param latencyMs added to every card operation, in milliseconds
 * @param errorRate fraction (0..1) of card operations answered 503 at random
 * @param rateLimitPerSecond card operations per second, by carrier id; a carrier absent from the
 *     map is unlimited
 * @param usageGrowthMbPerQuery MB added to a card's month total before each usage query is answered
 */
public record Behaviour(
    long latencyMs,
    double errorRate,
    Map<Long, Integer> rateLimitPerSecond,
    BigDecimal usageGrowthMbPerQuery) {

  public Behaviour {
    if (latencyMs < 0) {
      throw new IllegalArgumentException("latencyMs must be 0 or more, was " + latencyMs);
    }
    if (!(errorRate >= 0.0 && errorRate <= 1.0)) {
      throw new IllegalArgumentException("errorRate must be within 0..1, was " + errorRate);
    }
    rateLimitPerSecond = limits(rateLimitPerSecond);
    usageGrowthMbPerQuery = usageGrowthMbPerQuery == null ? BigDecimal.ZERO : usageGrowthMbPerQuery;
    if (usageGrowthMbPerQuery.signum() < 0) {
      throw new IllegalArgumentException(
          "usageGrowthMbPerQuery must be 0 or more, was " + usageGrowthMbPerQuery);
    }
  }

  /** No latency, no errors, no limits, no usage growth. */
  public static Behaviour none() {
    return new Behaviour(0, 0.0, Map.of(), BigDecimal.ZERO);
  }

  public Behaviour withLatencyMs(long latencyMs) {
    return new Behaviour(latencyMs, errorRate, rateLimitPerSecond, usageGrowthMbPerQuery);
  }

  public Behaviour withErrorRate(double errorRate) {
    return new Behaviour(latencyMs, errorRate, rateLimitPerSecond, usageGrowthMbPerQuery);
  }

  /** This behaviour with the carrier limited to {@code perSecond} card operations a second. */
  public Behaviour withRateLimit(long carrierId, int perSecond) {
    Map<Long, Integer> limits = new TreeMap<>(rateLimitPerSecond);
    limits.put(carrierId, perSecond);
    return new Behaviour(latencyMs, errorRate, limits, usageGrowthMbPerQuery);
  }

  public Behaviour withUsageGrowthMbPerQuery(BigDecimal usageGrowthMbPerQuery) {
    return new Behaviour(latencyMs, errorRate, rateLimitPerSecond, usageGrowthMbPerQuery);
  }

  /** The carrier's limit of card operations per second; empty when it has none. */
  public OptionalInt limitFor(long carrierId) {
    Integer limit = rateLimitPerSecond.get(carrierId);
    return limit == null ? OptionalInt.empty() : OptionalInt.of(limit);
  }

  /** A sorted copy (stable JSON), after checking every limit is a positive number. */
  private static Map<Long, Integer> limits(Map<Long, Integer> given) {
    if (given == null) {
      return Map.of();
    }
    given.forEach(
        (carrierId, limit) -> {
          if (carrierId == null || limit == null || limit < 1) {
            throw new IllegalArgumentException(
                "rate limit of carrier " + carrierId + " must be 1 or more, was " + limit);
          }
        });
    return Collections.unmodifiableMap(new TreeMap<>(given));
  }
}
