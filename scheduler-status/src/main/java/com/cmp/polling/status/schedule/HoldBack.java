package com.cmp.polling.status.schedule;

import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;

/**
 * One decision to hold a task type back, with what it was based on (for monitoring and the
 * console).
 *
 * @param at when the measures behind it were taken
 * @param taskType the task type not dispatched
 * @param cause why, as its code ({@code lag_age}, {@code lag_count})
 * @param reason the same in words, with the figure and its limit
 * @param consumerLag tasks waiting for the handlers in Kafka
 * @param consumerLagSeconds how long the oldest of them has waited
 * @param dueCards cards due and not leased in Redis (what waits for dispatch; -1 when unknown)
 * @param oldestDueSeconds how long the longest-waiting due card has waited (-1 when unknown)
 */
public record HoldBack(
    Instant at,
    TaskType taskType,
    String cause,
    String reason,
    long consumerLag,
    long consumerLagSeconds,
    long dueCards,
    long oldestDueSeconds) {}
