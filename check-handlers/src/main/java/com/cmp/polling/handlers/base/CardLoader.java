package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.core.enrollment.CardPlanner;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * Cards read from PostgreSQL, a poll's cards in one query (and one for their devices), each kept
 * whole for its check: no check reads its card again. There is no card cache in front of it: every
 * check interval is hours long, so a cache entry living minutes was nearly always gone when the
 * card came due again (4.8 % hits at 200 000 cards, about none at 10 M), and each miss cost a Redis
 * read, a Redis write and the query anyway.
 */
@Component
class CardLoader {

  private final CardStore cards;
  private final CardPlanner planner;
  private final Clock clock;

  CardLoader(CardStore cards, CardPlanner planner, Clock clock) {
    this.cards = cards;
    this.planner = planner;
    this.clock = clock;
  }

  /** The card, or empty when it does not exist or is deleted. */
  Optional<LoadedCard> load(long cardId) {
    return loadAll(List.of(cardId)).get(cardId);
  }

  /**
   * The cards of a whole poll: one query for the cards, one for their devices. A card that does not
   * exist or is deleted maps to empty.
   */
  Map<Long, Optional<LoadedCard>> loadAll(List<Long> cardIds) {
    Map<Long, Optional<LoadedCard>> loaded = new HashMap<>(cardIds.size() * 2);
    cardIds.forEach(id -> loaded.put(id, Optional.empty()));
    List<Card> found = cards.findByIds(cardIds);
    // The device flags as the planner reads them (one query; a deleted device allows none).
    Set<Long> allowed = planner.allowedByTheirDevice(found);
    for (Card card : found) {
      loaded.put(card.id(), Optional.of(describe(card, allowed.contains(card.id()))));
    }
    return loaded;
  }

  private LoadedCard describe(Card card, boolean deviceAllows) {
    return new LoadedCard(card, deviceAllows, clock.instant());
  }
}
