package com.cmp.polling.scheduler.reconcile;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Differences left alone because their card had changed recently, remembered from pass to pass. A
 * card's row may be rewritten more often than the settle window for reasons the queues do not care
 * about (a usage check updates its counters, and {@code updated_at}, every interval); such a card
 * would look recent at every pass. When the same difference is found again at least a settle window
 * after it was first seen, the change stream has had its time: the difference is the queues', and
 * it is repaired. Bounded ({@value #MAX} cards); used by the reconciler's thread only.
 */
final class Suspicions {

  static final int MAX = 100_000;

  private record Seen(String signature, Instant first, long pass) {}

  private final Map<Long, Seen> seen = new HashMap<>();
  private long pass;

  void beginPass() {
    pass++;
  }

  /**
   * Whether the card showed this same difference a settle window ago or earlier; if not, it is
   * remembered from now (or kept from when it was first seen).
   */
  boolean heldSince(long cardId, String signature, Instant now, Duration window) {
    Seen before = seen.get(cardId);
    if (before != null && before.signature().equals(signature)) {
      seen.put(cardId, new Seen(signature, before.first(), pass));
      return !before.first().isAfter(now.minus(window));
    }
    if (before != null || seen.size() < MAX) {
      seen.put(cardId, new Seen(signature, now, pass));
    }
    return false;
  }

  void forget(long cardId) {
    seen.remove(cardId);
  }

  /** Forgets the cards this pass did not find different any more. */
  void endPass() {
    seen.values().removeIf(s -> s.pass() != pass);
  }
}
