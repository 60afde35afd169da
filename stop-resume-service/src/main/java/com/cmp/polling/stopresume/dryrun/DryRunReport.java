package com.cmp.polling.stopresume.dryrun;

import com.cmp.polling.core.switches.RuleSwitches;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.RulePreview.Action;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the rules would do now, found without acting: how many cards each rule would stop, resume,
 * or leave online only because of a switch, by reason and by carrier.
 *
 * @param carrierId the carrier looked at, or null for the whole fleet
 * @param startedAt when the pass began (the rules' clock: grace dates are compared with it)
 * @param took how long the pass took
 * @param switches the switches in force for the whole pass
 * @param cardsEvaluated cards the pipeline evaluates (polled, no protection period)
 * @param cardsProtected polled cards under an operator's protection period, left alone
 * @param byReason per action, cards by reason (stop: the reason of the stop; resume: the reason
 *     lifted; exempt: the reason set aside)
 * @param byCarrier the same per carrier, by carrier id
 * @param stopsByReasonsHeld the cards a stop concerns, by every reason that would be recorded for
 *     them, highest priority first: {@code [no_package, traffic_exhausted]} is a card whose only
 *     package is used up, {@code [traffic_exhausted]} one whose pending package takes over later
 */
public record DryRunReport(
    Long carrierId,
    Instant startedAt,
    Duration took,
    RuleSwitches switches,
    long cardsEvaluated,
    long cardsProtected,
    Map<Action, Map<StopReason, Long>> byReason,
    Map<Long, Map<Action, Map<StopReason, Long>>> byCarrier,
    Map<List<StopReason>, Long> stopsByReasonsHeld) {

  /** Cards the action would concern, whatever the reason. */
  public long total(Action action) {
    return byReason.getOrDefault(action, Map.of()).values().stream().mapToLong(n -> n).sum();
  }

  /** Cards the action would concern for the reason. */
  public long count(Action action, StopReason reason) {
    return byReason.getOrDefault(action, Map.of()).getOrDefault(reason, 0L);
  }
}
