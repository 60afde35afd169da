package com.cmp.polling.stopresume.dryrun;

import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.RulePreview.Action;
import com.cmp.polling.stopresume.RulePreview.Fate;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/** The tallies of one dry run, filled page by page. */
final class DryRunCounts {

  private final Map<Action, Map<StopReason, Long>> byReason = new EnumMap<>(Action.class);
  private final Map<Long, Map<Action, Map<StopReason, Long>>> byCarrier = new TreeMap<>();
  long evaluated;
  long protectedCards;

  void add(Fate fate) {
    increment(byReason, fate);
    increment(
        byCarrier.computeIfAbsent(fate.card().carrierId(), c -> new EnumMap<>(Action.class)), fate);
  }

  Map<Action, Map<StopReason, Long>> byReason() {
    return frozen(byReason);
  }

  Map<Long, Map<Action, Map<StopReason, Long>>> byCarrier() {
    Map<Long, Map<Action, Map<StopReason, Long>>> copy = new TreeMap<>();
    byCarrier.forEach((carrier, counts) -> copy.put(carrier, frozen(counts)));
    return Collections.unmodifiableMap(copy);
  }

  private static void increment(Map<Action, Map<StopReason, Long>> counts, Fate fate) {
    counts
        .computeIfAbsent(fate.action(), a -> new EnumMap<>(StopReason.class))
        .merge(fate.reason(), 1L, Long::sum);
  }

  private static Map<Action, Map<StopReason, Long>> frozen(
      Map<Action, Map<StopReason, Long>> counts) {
    Map<Action, Map<StopReason, Long>> copy = new EnumMap<>(Action.class);
    counts.forEach(
        (action, reasons) -> copy.put(action, Collections.unmodifiableMap(new EnumMap<>(reasons))));
    return Collections.unmodifiableMap(copy);
  }
}
