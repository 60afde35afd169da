package com.cmp.polling.scheduler.reconcile;

import java.util.HashMap;
import java.util.Map;

/**
 * The ids of the live cards a pass read from PostgreSQL, so that the scan of the queues asks
 * PostgreSQL only about the entries of other ids. A bitmap in chunks of 4 096 ids, allocated where
 * cards are: card ids come from a sequence, so 10 M cards take about 1.5 MiB. Ids spread so thinly
 * that the chunks would pass {@value #MAX_CHUNKS} (64 MiB) make it give up: it then knows no id,
 * and every scanned entry is looked up (correct, only slower). Used by the reconciler's thread
 * only.
 */
final class LiveIds {

  private static final int CHUNK_BITS = 12;
  private static final int MAX_CHUNKS = 1 << 17;

  private final Map<Long, long[]> chunks = new HashMap<>();
  private boolean gaveUp;

  void add(long cardId) {
    if (gaveUp) {
      return;
    }
    long[] bits = chunks.get(cardId >>> CHUNK_BITS);
    if (bits == null) {
      if (chunks.size() >= MAX_CHUNKS) {
        gaveUp = true;
        chunks.clear();
        return;
      }
      bits = new long[1 << (CHUNK_BITS - 6)];
      chunks.put(cardId >>> CHUNK_BITS, bits);
    }
    int bit = (int) (cardId & ((1 << CHUNK_BITS) - 1));
    bits[bit >>> 6] |= 1L << (bit & 63);
  }

  /** Whether the card was read live; false for any id once it gave up. */
  boolean contains(long cardId) {
    long[] bits = chunks.get(cardId >>> CHUNK_BITS);
    if (bits == null) {
      return false;
    }
    int bit = (int) (cardId & ((1 << CHUNK_BITS) - 1));
    return (bits[bit >>> 6] & (1L << (bit & 63))) != 0;
  }

  boolean gaveUp() {
    return gaveUp;
  }
}
