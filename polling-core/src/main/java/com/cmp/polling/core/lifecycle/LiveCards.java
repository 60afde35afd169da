package com.cmp.polling.core.lifecycle;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Reads the cards a lifecycle change is about. A change can reach us a moment before its
 * transaction is visible to other sessions (PostgreSQL hands it to the replication slot once the
 * commit is flushed, and only then makes it visible; a busy machine stretches that moment): cards
 * not found are looked for again a few times before they count as deleted.
 */
final class LiveCards {

  private static final int RECHECKS = 3;
  private static final long PAUSE_MILLIS = 50;

  private final CardStore cards;

  LiveCards(CardStore cards) {
    this.cards = cards;
  }

  /** The live cards among {@code ids}; those still missing after the rechecks are left out. */
  List<Card> read(Collection<Long> ids) {
    List<Card> found = new ArrayList<>(cards.findByIds(ids));
    for (int recheck = 0; recheck < RECHECKS; recheck++) {
      Set<Long> present = found.stream().map(Card::id).collect(Collectors.toSet());
      List<Long> missing = ids.stream().distinct().filter(id -> !present.contains(id)).toList();
      if (missing.isEmpty() || !pause()) {
        break;
      }
      found.addAll(cards.findByIds(missing));
    }
    return found;
  }

  private static boolean pause() {
    try {
      TimeUnit.MILLISECONDS.sleep(PAUSE_MILLIS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
