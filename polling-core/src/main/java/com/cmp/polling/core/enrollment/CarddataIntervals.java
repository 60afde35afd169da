package com.cmp.polling.core.enrollment;

import java.time.Duration;

/**
 * The usage-aware carddata intervals: when a card's next carddata check is due, from what its last
 * check learnt of its usage. Pure: it reads nothing but its clock. {@link CardPlanner} applies it
 * after every carddata check; {@link CardPlanner#carddataIntervals} gives one to code that replays
 * the rule on its own clock (a simulation of the fleet).
 */
public interface CarddataIntervals {

  /**
   * @param outlook what the check learnt of the card's usage; null when it gave nothing
   * @param cardOnline whether the card is online after the check: a stopped card uses no data
   * @param configInterval the carddata interval of the card's config, which applies whenever
   *     nothing can be predicted
   */
  CarddataWait after(UsageOutlook outlook, boolean cardOnline, Duration configInterval);
}
