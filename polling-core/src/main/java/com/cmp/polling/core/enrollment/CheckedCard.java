package com.cmp.polling.core.enrollment;

import com.cmp.polling.core.card.Card;

/**
 * A card a check just looked at, with its device's polling flag as the check found it (the check
 * handlers read it with the poll's cards, through {@link CardPlanner#allowedByTheirDevice}).
 *
 * @param usage what a carddata check learnt of the card's usage, for the usage-aware carddata
 *     intervals; null for other checks, or when it learnt nothing
 */
public record CheckedCard(Card card, boolean deviceAllowsPolling, UsageOutlook usage) {

  /** A card whose check says nothing of its usage. */
  public CheckedCard(Card card, boolean deviceAllowsPolling) {
    this(card, deviceAllowsPolling, null);
  }
}
