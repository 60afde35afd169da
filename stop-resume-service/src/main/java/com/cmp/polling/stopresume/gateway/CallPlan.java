package com.cmp.polling.stopresume.gateway;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongToIntFunction;
import java.util.function.ToLongFunction;

/**
 * Items for the carriers (cards, checks, actions) split into calls: grouped per carrier, in the
 * order of each carrier's first item, then cut into chunks of at most that carrier's batch size for
 * the operation. A carrier without a batch form (size 1) gets a call per item. Whoever runs the
 * calls gets each item's result back in the order of the items ({@link #inItemOrder}).
 */
public final class CallPlan<T> {

  private final int items;
  private final List<List<T>> calls;
  private final List<int[]> positions;

  private CallPlan(int items, List<List<T>> calls, List<int[]> positions) {
    this.items = items;
    this.calls = calls;
    this.positions = positions;
  }

  /**
   * @param carrierOf the carrier of an item
   * @param sizeOf the most items one call to a carrier may take (at least 1)
   */
  public static <T> CallPlan<T> of(
      List<T> items, ToLongFunction<? super T> carrierOf, LongToIntFunction sizeOf) {
    Map<Long, List<Integer>> byCarrier = new LinkedHashMap<>();
    for (int i = 0; i < items.size(); i++) {
      byCarrier
          .computeIfAbsent(carrierOf.applyAsLong(items.get(i)), carrier -> new ArrayList<>())
          .add(i);
    }
    List<List<T>> calls = new ArrayList<>();
    List<int[]> positions = new ArrayList<>();
    byCarrier.forEach(
        (carrierId, indexes) -> {
          int size = Math.max(1, sizeOf.applyAsInt(carrierId));
          for (int from = 0; from < indexes.size(); from += size) {
            List<Integer> chunk = indexes.subList(from, Math.min(indexes.size(), from + size));
            List<T> call = new ArrayList<>(chunk.size());
            chunk.forEach(i -> call.add(items.get(i)));
            calls.add(call);
            positions.add(chunk.stream().mapToInt(Integer::intValue).toArray());
          }
        });
    return new CallPlan<>(items.size(), calls, positions);
  }

  /** The calls: the items of one carrier each, at most its batch size. */
  public List<List<T>> calls() {
    return calls;
  }

  /**
   * Each item's result, in the order of the items.
   *
   * @param perCall the results of each call, in the order of {@link #calls()}, each in the order of
   *     its items
   * @throws IllegalArgumentException when a call's results do not match its items one for one
   */
  public <R> List<R> inItemOrder(List<? extends List<? extends R>> perCall) {
    if (perCall.size() != calls.size()) {
      throw new IllegalArgumentException(
          perCall.size() + " results of calls for " + calls.size() + " calls");
    }
    List<R> results = new ArrayList<>(items);
    for (int i = 0; i < items; i++) {
      results.add(null);
    }
    for (int c = 0; c < calls.size(); c++) {
      int[] at = positions.get(c);
      List<? extends R> answered = perCall.get(c);
      if (answered.size() != at.length) {
        throw new IllegalArgumentException(
            answered.size() + " results for a call of " + at.length + " items");
      }
      for (int i = 0; i < at.length; i++) {
        results.set(at[i], answered.get(i));
      }
    }
    return results;
  }

  /** Runs every call, one after the other, and returns each item's result in the items' order. */
  public <R> List<R> runInTurn(Function<List<T>, List<R>> call) {
    List<List<R>> perCall = new ArrayList<>(calls.size());
    calls.forEach(items -> perCall.add(call.apply(items)));
    return inItemOrder(perCall);
  }
}
