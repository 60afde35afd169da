package com.cmp.polling.benchmarks.fleet;

import java.util.Arrays;

/**
 * The simulated queue: the cards due, by the second of the scheduling round that takes them (the
 * first round at or after their due time, rounds once a second).
 */
final class DueBuckets {

  private final long start;
  private final int[][] cards;
  private final int[] sizes;

  DueBuckets(long start, int seconds) {
    this.start = start;
    this.cards = new int[seconds][];
    this.sizes = new int[seconds];
  }

  /** Files a card due at {@code dueAt} (epoch millis); one due after the end is dropped. */
  void add(int card, long dueAt) {
    long second = Math.max(0, Math.floorDiv(dueAt - start + 999, 1000));
    if (second >= cards.length) {
      return;
    }
    int at = (int) second;
    if (cards[at] == null) {
      cards[at] = new int[4];
    } else if (sizes[at] == cards[at].length) {
      cards[at] = Arrays.copyOf(cards[at], sizes[at] * 2);
    }
    cards[at][sizes[at]++] = card;
  }

  /** The cards the round of {@code second} takes, removed from the queue. */
  int[] take(int second) {
    int[] due = cards[second] == null ? new int[0] : Arrays.copyOf(cards[second], sizes[second]);
    cards[second] = null;
    sizes[second] = 0;
    return due;
  }
}
