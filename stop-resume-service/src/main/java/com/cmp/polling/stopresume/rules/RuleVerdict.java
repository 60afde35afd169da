package com.cmp.polling.stopresume.rules;

import com.cmp.polling.core.switches.Exemption;
import com.cmp.polling.schemas.action.StopReason;
import java.util.List;

/**
 * What the stop rules say about a card now.
 *
 * @param holding the reasons that count, highest priority first; empty when the card may be online
 * @param exempted the reasons that hold but do not count, because a rule switch sets them aside
 */
public record RuleVerdict(List<StopReason> holding, List<Exemption> exempted) {

  public RuleVerdict {
    holding = List.copyOf(holding);
    exempted = List.copyOf(exempted);
  }
}
