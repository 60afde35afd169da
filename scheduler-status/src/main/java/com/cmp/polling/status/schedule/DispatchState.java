package com.cmp.polling.status.schedule;

import com.cmp.polling.status.lag.HandlerLag;
import java.time.Duration;
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
 * @param lag the handlers' lag as measured then ({@link HandlerLag#UNKNOWN} when Kafka did not
 *     answer)
 * @param maxLagAge the lag age above which that instance holds a type back; null when not recorded
 * @param maxConsumerLag the lag count above which it holds a type back (0: that rule is off); null
 *     when not recorded
 */
public record DispatchState(
    boolean heldBack,
    String cause,
    Instant heldBackSince,
    Instant measuredAt,
    Instant lastRoundAt,
    HandlerLag lag,
    Duration maxLagAge,
    Long maxConsumerLag) {}
