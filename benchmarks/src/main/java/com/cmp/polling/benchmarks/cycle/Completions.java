package com.cmp.polling.benchmarks.cycle;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every completion the consumers made, by card id: how often each card was completed, when its task
 * was published (the task's enqueuedAt) and when its completion reached Redis. Written by the
 * consumer threads, read once they are stopped (or, for the running totals, at any time).
 */
final class Completions {

  /** What one pass of cards {@code first..last} came to. */
  record Pass(
      int cards,
      int completedOnce,
      long duplicates,
      int never,
      long firstPublishedMillis,
      long lastPublishedMillis,
      long lastCompletedMillis,
      long p50Millis,
      long p99Millis,
      long maxMillis) {}

  private final AtomicIntegerArray counts;
  private final long[] publishedAt;
  private final long[] completedAt;
  private final AtomicLong distinct = new AtomicLong();
  private final AtomicLong unknown = new AtomicLong();
  private final AtomicLong invalid = new AtomicLong();

  Completions(int maxCardId) {
    counts = new AtomicIntegerArray(maxCardId + 1);
    publishedAt = new long[maxCardId + 1];
    completedAt = new long[maxCardId + 1];
  }

  void completed(long cardId, long publishedMillis, long completedMillis) {
    if (cardId <= 0 || cardId >= counts.length()) {
      unknown.incrementAndGet();
      return;
    }
    int id = (int) cardId;
    publishedAt[id] = publishedMillis;
    completedAt[id] = completedMillis;
    if (counts.getAndIncrement(id) == 0) {
      distinct.incrementAndGet();
    }
  }

  void invalid() {
    invalid.incrementAndGet();
  }

  /** Cards completed at least once so far, all passes together. */
  long distinct() {
    return distinct.get();
  }

  /** Completions of card ids no pass seeded. */
  long unknown() {
    return unknown.get();
  }

  /** Tasks refused by the codec (schema or task type). */
  long invalidTasks() {
    return invalid.get();
  }

  /** The pass of cards {@code first..last}, due at {@code dueMillis}. */
  Pass pass(int first, int last, long dueMillis) {
    int once = 0;
    int never = 0;
    long duplicates = 0;
    long firstPublished = Long.MAX_VALUE;
    long lastPublished = 0;
    long lastCompleted = 0;
    long[] latencies = new long[last - first + 1];
    int measured = 0;
    for (int id = first; id <= last; id++) {
      int count = counts.get(id);
      if (count == 0) {
        never++;
        continue;
      }
      once++;
      duplicates += count - 1;
      firstPublished = Math.min(firstPublished, publishedAt[id]);
      lastPublished = Math.max(lastPublished, publishedAt[id]);
      lastCompleted = Math.max(lastCompleted, completedAt[id]);
      latencies[measured++] = completedAt[id] - dueMillis;
    }
    long[] sorted = Arrays.copyOf(latencies, measured);
    Arrays.sort(sorted);
    return new Pass(
        last - first + 1,
        once,
        duplicates,
        never,
        measured == 0 ? -1 : firstPublished,
        lastPublished,
        lastCompleted,
        percentile(sorted, 0.50),
        percentile(sorted, 0.99),
        measured == 0 ? -1 : sorted[measured - 1]);
  }

  private static long percentile(long[] sorted, double p) {
    if (sorted.length == 0) {
      return -1;
    }
    return sorted[Math.min(sorted.length - 1, (int) (sorted.length * p))];
  }
}
