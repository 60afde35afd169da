package com.cmp.polling.benchmarks.steady;

/**
 * One line of the over-time table.
 *
 * @param secondsFromWindow seconds since the steady window began (negative before: initializer)
 * @param checksPerSecond checks settled per second since the previous sample
 * @param overdue cards due and not dispatched, all task types (scheduler's monitoring API)
 * @param oldestOverdueSeconds the longest wait among them
 * @param consumerLag tasks published and not yet consumed by the handlers (scheduler gauge)
 * @param latenessP99 p99 lateness of the scheduled checks settled since the previous sample, all
 *     task types (from the handlers' histogram) (Micrometer's decaying percentile), seconds
 * @param heldBackRounds rounds held back by back-pressure so far, all types
 * @param redisMib Redis used_memory
 * @param schedulerHeapMib heap used by the scheduler
 * @param handlersHeapMib heap used by the handlers
 */
record Sample(
    long secondsFromWindow,
    double checksPerSecond,
    long overdue,
    long oldestOverdueSeconds,
    double consumerLag,
    double latenessP99,
    double heldBackRounds,
    double redisMib,
    double schedulerHeapMib,
    double handlersHeapMib) {

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
        redisMib,
        schedulerHeapMib,
        handlersHeapMib);
  }
}
