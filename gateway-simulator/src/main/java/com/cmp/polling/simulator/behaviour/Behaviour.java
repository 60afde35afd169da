package com.cmp.polling.simulator.behaviour;

import com.cmp.polling.simulator.calls.CardOperation;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * How the simulated gateway treats card operations ({@code PUT /sim/config}).
 *
 * @param latencyMs added to every call (single or batch), in milliseconds
 * @param errorRate fraction (0..1) of calls answered 503 at random (a batch call as a whole)
 * @param rateLimitPerSecond calls per second, by carrier id; a carrier absent from the map is
 *     unlimited
 * @param usageGrowthMbPerQuery MB added to a card's month total before each usage query is answered
 * @param trickleMsPerByte when above 0, the answer of a call is sent one byte at a time with this
 *     pause before each byte after the first: a gateway that keeps the connection busy, so that no
 *     read ever waits long, while the whole answer takes far longer than any read timeout
 * @param batchSizes by carrier id, then by operation name: the most cards one batch call takes. A
 *     carrier or operation absent has no batch form (its batch endpoint answers 404)
 * @param accounts by account name: the carriers each pays for, and its calls per second and per day
 */
public record Behaviour(
    long latencyMs,
    double errorRate,
    Map<Long, Integer> rateLimitPerSecond,
    BigDecimal usageGrowthMbPerQuery,
    long trickleMsPerByte,
    Map<Long, Map<String, Integer>> batchSizes,
    Map<String, Account> accounts) {

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
    batchSizes = BehaviourMaps.batchSizes(batchSizes);
    accounts = BehaviourMaps.accounts(accounts);
  }

  /** A behaviour without batch forms or accounts. */
  public Behaviour(
      long latencyMs,
      double errorRate,
      Map<Long, Integer> rateLimitPerSecond,
      BigDecimal usageGrowthMbPerQuery,
      long trickleMsPerByte) {
    this(
        latencyMs,
        errorRate,
        rateLimitPerSecond,
        usageGrowthMbPerQuery,
        trickleMsPerByte,
        null,
        null);
  }

  /** A behaviour whose answers come at once, whole, without batch forms or accounts. */
  public Behaviour(
      long latencyMs,
      double errorRate,
      Map<Long, Integer> rateLimitPerSecond,
      BigDecimal usageGrowthMbPerQuery) {
    this(latencyMs, errorRate, rateLimitPerSecond, usageGrowthMbPerQuery, 0);
  }

  /** No latency, no errors, no limits, no usage growth, answers sent whole, no batch forms. */
  public static Behaviour none() {
    return new Behaviour(0, 0.0, Map.of(), BigDecimal.ZERO, 0);
  }

  public Behaviour withLatencyMs(long latencyMs) {
    return with(draft -> draft.latencyMs = latencyMs);
  }

  public Behaviour withErrorRate(double errorRate) {
    return with(draft -> draft.errorRate = errorRate);
  }

  /** This behaviour with the carrier limited to {@code perSecond} calls a second. */
  public Behaviour withRateLimit(long carrierId, int perSecond) {
    return with(draft -> draft.rateLimitPerSecond.put(carrierId, perSecond));
  }

  public Behaviour withUsageGrowthMbPerQuery(BigDecimal usageGrowthMbPerQuery) {
    return with(draft -> draft.usageGrowthMbPerQuery = usageGrowthMbPerQuery);
  }

  /** This behaviour with answers sent one byte every {@code trickleMsPerByte} ms. */
  public Behaviour withTrickleMsPerByte(long trickleMsPerByte) {
    return with(draft -> draft.trickleMsPerByte = trickleMsPerByte);
  }

  /**
   * This behaviour with a batch form of {@code operation} at the carrier, of at most {@code size}.
   */
  public Behaviour withBatchSize(long carrierId, CardOperation operation, int size) {
    return with(
        draft -> {
          Map<String, Integer> sizes =
              new HashMap<>(draft.batchSizes.getOrDefault(carrierId, Map.of()));
          sizes.put(operation.wireName(), size);
          draft.batchSizes.put(carrierId, sizes);
        });
  }

  /** This behaviour with the account {@code name} (replacing one of that name). */
  public Behaviour withAccount(String name, Account account) {
    return with(draft -> draft.accounts.put(name, account));
  }

  /** The carrier's limit of calls per second; empty when it has none. */
  public OptionalInt limitFor(long carrierId) {
    Integer limit = rateLimitPerSecond.get(carrierId);
    return limit == null ? OptionalInt.empty() : OptionalInt.of(limit);
  }

  /** The most cards a batch call of the operation takes at the carrier; empty: no batch form. */
  public OptionalInt batchSizeFor(long carrierId, CardOperation operation) {
    Integer size = batchSizes.getOrDefault(carrierId, Map.of()).get(operation.wireName());
    return size == null ? OptionalInt.empty() : OptionalInt.of(size);
  }

  /** The name of the account that pays for the carrier's calls; empty when none does. */
  public Optional<String> accountOf(long carrierId) {
    return accounts.entrySet().stream()
        .filter(account -> account.getValue().carriers().contains(carrierId))
        .map(Map.Entry::getKey)
        .findFirst();
  }

  /** This behaviour with {@code change} made to a copy of its fields. */
  private Behaviour with(Consumer<Draft> change) {
    Draft draft = new Draft(this);
    change.accept(draft);
    return new Behaviour(
        draft.latencyMs,
        draft.errorRate,
        draft.rateLimitPerSecond,
        draft.usageGrowthMbPerQuery,
        draft.trickleMsPerByte,
        draft.batchSizes,
        draft.accounts);
  }

  /** The fields of a behaviour being changed: the withers' one copy. */
  private static final class Draft {
    long latencyMs;
    double errorRate;
    final Map<Long, Integer> rateLimitPerSecond;
    BigDecimal usageGrowthMbPerQuery;
    long trickleMsPerByte;
    final Map<Long, Map<String, Integer>> batchSizes;
    final Map<String, Account> accounts;

    Draft(Behaviour from) {
      latencyMs = from.latencyMs;
      errorRate = from.errorRate;
      rateLimitPerSecond = new HashMap<>(from.rateLimitPerSecond);
      usageGrowthMbPerQuery = from.usageGrowthMbPerQuery;
      trickleMsPerByte = from.trickleMsPerByte;
      batchSizes = new HashMap<>(from.batchSizes);
      accounts = new HashMap<>(from.accounts);
    }
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
