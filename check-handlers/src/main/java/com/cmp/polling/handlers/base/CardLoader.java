package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.CachedCard;
import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardCache;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.enrollment.CardPlanner;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/** Cards through the Redis card cache, read from PostgreSQL on a miss (and then cached). */
@Component
class CardLoader {

  private final CardCache cache;
  private final CardStore cards;
  private final CardPlanner planner;
  private final Clock clock;

  CardLoader(CardCache cache, CardStore cards, CardPlanner planner, Clock clock) {
    this.cache = cache;
    this.cards = cards;
    this.planner = planner;
    this.clock = clock;
  }

  /** The card, or empty when it does not exist or is deleted. */
  Optional<CachedCard> load(long cardId) {
    Optional<CachedCard> cached = cache.get(cardId);
    if (cached.isPresent()) {
      return cached;
    }
    Optional<CachedCard> fresh = cards.findById(cardId).map(card -> describe(List.of(card)).get(0));
    fresh.ifPresent(cache::put);
    return fresh;
  }

  /**
   * The cards of a whole poll: one pipelined cache read, one query for the misses (and one for
   * their devices), one pipelined cache write. A card that does not exist or is deleted maps to
   * empty, like {@link #load}.
   */
  Map<Long, Optional<CachedCard>> loadAll(List<Long> cardIds) {
    Map<Long, Optional<CachedCard>> loaded = new HashMap<>();
    cache.getAll(cardIds).forEach((id, card) -> loaded.put(id, Optional.of(card)));
    List<Long> misses = cardIds.stream().filter(id -> !loaded.containsKey(id)).toList();
    if (misses.isEmpty()) {
      return loaded;
    }
    List<CachedCard> described = describe(cards.findByIds(misses));
    cache.putAll(described);
    misses.forEach(id -> loaded.put(id, Optional.empty()));
    described.forEach(card -> loaded.put(card.id(), Optional.of(card)));
    return loaded;
  }

  /** Drops the cached entry: the card changed in a way the cache must not hide. */
  void forget(long cardId) {
    cache.evict(cardId);
  }

  /** The cards as cached, with their device's flag as the planner reads it (one query). */
  private List<CachedCard> describe(List<Card> fresh) {
    Set<Long> allowed = planner.allowedByTheirDevice(fresh);
    List<CachedCard> described = new ArrayList<>(fresh.size());
    for (Card card : fresh) {
      described.add(describe(card, allowed.contains(card.id())));
    }
    return described;
  }

  private CachedCard describe(Card card, boolean deviceAllows) {
    return new CachedCard(
        card.id(),
        card.iccid(),
        card.carrierId(),
        card.deviceId(),
        card.pollingEnabled(),
        deviceAllows,
        clock.instant());
  }
}
