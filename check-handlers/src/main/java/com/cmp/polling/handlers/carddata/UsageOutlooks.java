package com.cmp.polling.handlers.carddata;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.MonthUsage;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.UsageOutlook;
import com.cmp.polling.core.packageusage.PackageAllowance;
import com.cmp.polling.core.packageusage.PackageOwner;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The usage outlook of each card a carddata check accounted, for the planner's usage-aware carddata
 * intervals: its counters as the accounting left them, and what its packages still allow after the
 * poll's deductions — one query per kind of owner for the whole poll, none while the intervals are
 * off. A card without an outlook gets its config's interval, so a failed read costs no check.
 */
@Component
class UsageOutlooks {

  private static final Logger log = LoggerFactory.getLogger(UsageOutlooks.class);

  private final PackageUsageStore packages;
  private final boolean enabled;

  UsageOutlooks(PackageUsageStore packages, CardPlanner planner) {
    this.packages = packages;
    this.enabled = planner.usageAware().enabled();
  }

  /**
   * @param cards the cards accounted
   * @return the outlook of each card, by id; empty while the usage-aware intervals are off
   */
  Map<Long, UsageOutlook> of(Collection<Card> cards, CarddataAccounting.Accounted accounted) {
    if (!enabled || cards.isEmpty()) {
      return Map.of();
    }
    Set<PackageOwner> owners = new HashSet<>(cards.size() * 2);
    cards.forEach(card -> owners.add(card.packageOwner()));
    Map<PackageOwner, PackageAllowance> allowances;
    try {
      allowances = packages.allowancesOf(owners);
    } catch (RuntimeException e) {
      log.warn(
          "package allowances of {} carddata cards not read ({}); their config intervals apply",
          cards.size(),
          e.getMessage());
      return Map.of();
    }
    Map<Long, UsageOutlook> outlooks = new HashMap<>(cards.size() * 2);
    for (Card card : cards) {
      MonthUsage counters = accounted.counters().get(card.id());
      if (counters != null) {
        outlooks.put(
            card.id(),
            UsageOutlook.of(
                counters, allowances.get(card.packageOwner()), card.inDevice(), accounted.at()));
      }
    }
    return outlooks;
  }
}
