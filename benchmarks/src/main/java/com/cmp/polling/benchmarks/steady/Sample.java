package com.cmp.polling.benchmarks.steady;

import java.util.Map;

/**
 * One line of the over-time table.
 *
 * @param secondsFromWindow seconds since the window began (negative before it)
 * @param checksPerSecond checks settled per second since the previous sample
 * @param overdue cards due and not dispatched, all task types (the Redis shard queues)
 * @param oldestOverdueSeconds the longest wait among them
 * @param consumerLag tasks published and not yet consumed by the handlers (scheduler gauge)
 * @param latenessP99 p99 lateness of the scheduled checks settled since the previous sample, all
 *     task types (from the handlers' histogram), seconds
 * @param heldBackRounds rounds held back by back-pressure so far, all types
 * @param changeStreamPerSecond records per second written to the change-stream topics since the
 *     previous sample
 * @param listenerLag change-stream records the listener has not read yet (its topology and its
 *     consumer)
 * @param reconciling whether a queue reconcile pass was under way
 * @param redisMib Redis used_memory
 * @param heapMib heap used per app (by label)
 */
record Sample(
    long secondsFromWindow,
    double checksPerSecond,
    long overdue,
    long oldestOverdueSeconds,
    double consumerLag,
    double latenessP99,
    double heldBackRounds,
    double changeStreamPerSecond,
    long listenerLag,
    boolean reconciling,
    double redisMib,
    Map<String, Double> heapMib) {

  /** The same sample with its time moved {@code seconds} earlier. */
  Sample earlier(long seconds) {
    return new Sample(
        secondsFromWindow - seconds,
        checksPerSecond,
        overdue,
        oldestOverdueSeconds,
        consumerLag,
        latenessP99,
        heldBackRounds,
        changeStreamPerSecond,
        listenerLag,
        reconciling,
        redisMib,
        heapMib);
  }
}
