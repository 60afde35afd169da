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
 * @param trickleMsPerByte when above 0, the answer of a card operation is sent one byte at a time
 *     with this pause before each byte after the first: a gateway that keeps the connection busy,
 *     so that no read ever waits long, while the whole answer takes far longer than any read
 *     timeout
 */
public record Behaviour(
    long latencyMs,
    double errorRate,
    Map<Long, Integer> rateLimitPerSecond,
    BigDecimal usageGrowthMbPerQuery,
    long trickleMsPerByte) {

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
    if (trickleMsPerByte < 0) {
      throw new IllegalArgumentException(
          "trickleMsPerByte must be 0 or more, was " + trickleMsPerByte);
    }
  }

  /** A behaviour whose answers come at once, whole. */
  public Behaviour(
      long latencyMs,
      double errorRate,
      Map<Long, Integer> rateLimitPerSecond,
      BigDecimal usageGrowthMbPerQuery) {
    this(latencyMs, errorRate, rateLimitPerSecond, usageGrowthMbPerQuery, 0);
  }

  /** No latency, no errors, no limits, no usage growth, answers sent whole. */
  public static Behaviour none() {
    return new Behaviour(0, 0.0, Map.of(), BigDecimal.ZERO, 0);
  }

  public Behaviour withLatencyMs(long latencyMs) {
    return new Behaviour(
        latencyMs, errorRate, rateLimitPerSecond, usageGrowthMbPerQuery, trickleMsPerByte);
  }

  public Behaviour withErrorRate(double errorRate) {
    return new Behaviour(
        latencyMs, errorRate, rateLimitPerSecond, usageGrowthMbPerQuery, trickleMsPerByte);
  }

  /** This behaviour with the carrier limited to {@code perSecond} card operations a second. */
  public Behaviour withRateLimit(long carrierId, int perSecond) {
    Map<Long, Integer> limits = new TreeMap<>(rateLimitPerSecond);
    limits.put(carrierId, perSecond);
    return new Behaviour(latencyMs, errorRate, limits, usageGrowthMbPerQuery, trickleMsPerByte);
  }

  public Behaviour withUsageGrowthMbPerQuery(BigDecimal usageGrowthMbPerQuery) {
    return new Behaviour(
        latencyMs, errorRate, rateLimitPerSecond, usageGrowthMbPerQuery, trickleMsPerByte);
  }

  /** This behaviour with answers sent one byte every {@code trickleMsPerByte} ms. */
  public Behaviour withTrickleMsPerByte(long trickleMsPerByte) {
    return new Behaviour(
        latencyMs, errorRate, rateLimitPerSecond, usageGrowthMbPerQuery, trickleMsPerByte);
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
