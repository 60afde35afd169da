package com.cmp.polling.stopresume.dryrun;

import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.RulePreview.Action;
import com.cmp.polling.stopresume.RulePreview.Fate;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The tallies of one dry run, filled page by page. */
final class DryRunCounts {

  private final Map<Action, Map<StopReason, Long>> byReason = new EnumMap<>(Action.class);
  private final Map<Long, Map<Action, Map<StopReason, Long>>> byCarrier = new TreeMap<>();
  private final Map<List<StopReason>, Long> stopsByReasonsHeld = new HashMap<>();
  long evaluated;
  long protectedCards;

  void add(Fate fate) {
    increment(byReason, fate);
    increment(
        byCarrier.computeIfAbsent(fate.card().carrierId(), c -> new EnumMap<>(Action.class)), fate);
    if (fate.action() == Action.STOP) {
      stopsByReasonsHeld.merge(fate.reasons(), 1L, Long::sum);
    }
  }

  /** Cards a stop concerns, by the reasons that would be recorded for them (all that hold). */
  Map<List<StopReason>, Long> stopsByReasonsHeld() {
    return Map.copyOf(stopsByReasonsHeld);
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
