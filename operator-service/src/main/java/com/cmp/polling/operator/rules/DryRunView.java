package com.cmp.polling.operator.rules;

import com.cmp.polling.operator.rules.SwitchViews.AllSwitches;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.RulePreview.Action;
import com.cmp.polling.stopresume.dryrun.DryRunReport;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A dry run as the API answers it and the command prints it: counts by action ({@code stop}, {@code
 * resume}, {@code exempt}) and reason, then per carrier, with the switches in force.
 *
 * @param carrierId the carrier looked at, or null for the whole fleet
 * @param switchedOffNotRealname what happens to cards stopped for {@code not_realname} where the
 *     rule is not enforced (they count among the resumes)
 * @param stopsByReasonsHeld the cards a stop concerns by every reason that would be recorded for
 *     them, joined by commas, highest priority first ({@code "no_package,traffic_exhausted"}: the
 *     only package is used up; {@code "traffic_exhausted"}: a pending package takes over later),
 *     most frequent first
 */
record DryRunView(
    Long carrierId,
    Instant startedAt,
    long tookMillis,
    AllSwitches switches,
    String switchedOffNotRealname,
    long cardsEvaluated,
    long cardsProtected,
    Map<String, Long> totals,
    Map<String, Map<String, Long>> byReason,
    Map<String, Long> stopsByReasonsHeld,
    List<CarrierCounts> byCarrier) {

  static final String SWITCH_OFF_SEMANTICS =
      "a card stopped for not_realname where the rule is not enforced (or in its grace period) is"
          + " resumed at its next check, as no reason holds; it is counted under resume";

  /** One carrier's counts, by action then reason. */
  record CarrierCounts(long carrierId, Map<String, Map<String, Long>> counts) {}

  static DryRunView of(DryRunReport report) {
    Map<String, Long> totals = new LinkedHashMap<>();
    for (Action action : Action.values()) {
      totals.put(code(action), report.total(action));
    }
    List<CarrierCounts> carriers = new ArrayList<>();
    report
        .byCarrier()
        .forEach((carrier, counts) -> carriers.add(new CarrierCounts(carrier, codes(counts))));
    return new DryRunView(
        report.carrierId(),
        report.startedAt(),
        report.took().toMillis(),
        AllSwitches.of(report.switches()),
        SWITCH_OFF_SEMANTICS,
        report.cardsEvaluated(),
        report.cardsProtected(),
        totals,
        codes(report.byReason()),
        combinations(report.stopsByReasonsHeld()),
        carriers);
  }

  /** Most frequent first, then by name, so the answer reads the same each time. */
  private static Map<String, Long> combinations(Map<List<StopReason>, Long> counts) {
    Map<String, Long> coded = new LinkedHashMap<>();
    counts.entrySet().stream()
        .sorted(
            Comparator.<Map.Entry<List<StopReason>, Long>, Long>comparing(Map.Entry::getValue)
                .reversed()
                .thenComparing(e -> joined(e.getKey())))
        .forEach(e -> coded.put(joined(e.getKey()), e.getValue()));
    return coded;
  }

  private static String joined(List<StopReason> reasons) {
    return reasons.stream().map(StopReason::code).collect(Collectors.joining(","));
  }

  static String code(Action action) {
    return action.name().toLowerCase(Locale.ROOT);
  }

  /** Every action, each with its reasons (in priority order), as wire codes. */
  private static Map<String, Map<String, Long>> codes(Map<Action, Map<StopReason, Long>> counts) {
    Map<String, Map<String, Long>> coded = new LinkedHashMap<>();
    for (Action action : Action.values()) {
      Map<String, Long> reasons = new LinkedHashMap<>();
      counts.getOrDefault(action, Map.of()).entrySet().stream()
          .sorted(Map.Entry.comparingByKey())
          .forEach(entry -> reasons.put(entry.getKey().code(), entry.getValue()));
      coded.put(code(action), reasons);
    }
    return coded;
  }
}
