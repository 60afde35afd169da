package com.cmp.polling.core.enrollment;

import com.cmp.polling.core.card.Card;

/**
 * A card a check just looked at, with its device's polling flag as the check found it (the check
 * handlers read it with the poll's cards, through {@link CardPlanner#allowedByTheirDevice}).
 */
public record CheckedCard(Card card, boolean deviceAllowsPolling) {}
