package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.CachedCard;
import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardCache;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.device.DeviceStore;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/** Cards through the Redis card cache, read from PostgreSQL on a miss (and then cached). */
@Component
class CardLoader {

  private final CardCache cache;
  private final CardStore cards;
  private final DeviceStore devices;
  private final Clock clock;

  CardLoader(CardCache cache, CardStore cards, DeviceStore devices, Clock clock) {
    this.cache = cache;
    this.cards = cards;
    this.devices = devices;
    this.clock = clock;
  }

  /** The card, or empty when it does not exist or is deleted. */
  Optional<CachedCard> load(long cardId) {
    Optional<CachedCard> cached = cache.get(cardId);
    if (cached.isPresent()) {
      return cached;
    }
    Optional<CachedCard> fresh = cards.findById(cardId).map(this::describe);
    fresh.ifPresent(cache::put);
    return fresh;
  }

  /** Drops the cached entry: the card changed in a way the cache must not hide. */
  void forget(long cardId) {
    cache.evict(cardId);
  }

  private CachedCard describe(Card card) {
    boolean deviceAllows =
        !card.inDevice()
            || devices.findPollingAllowed(Set.of(card.deviceId())).contains(card.deviceId());
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
