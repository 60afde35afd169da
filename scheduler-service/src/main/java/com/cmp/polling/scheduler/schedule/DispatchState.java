package com.cmp.polling.scheduler.schedule;

import java.time.Instant;

/**
 * Back-pressure of one task type as the last scheduling round recorded it in {@code
 * polling:stats:{type}}, shared by every scheduler instance (whichever ran the last round wrote
 * it).
 *
 * @param heldBack whether that round held the type back
 * @param cause why ({@code lag_age}, {@code lag_count}); null while dispatching
 * @param heldBackSince the first measure of the hold-back still running; null while dispatching
 * @param measuredAt when the measures behind that decision were taken
 * @param lastRoundAt when that round ended: an old one means no scheduling loop runs
 */
public record DispatchState(
    boolean heldBack,
    String cause,
    Instant heldBackSince,
    Instant measuredAt,
    Instant lastRoundAt) {}
