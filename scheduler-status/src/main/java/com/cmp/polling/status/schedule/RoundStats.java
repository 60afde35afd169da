package com.cmp.polling.status.schedule;

import com.cmp.polling.core.queue.Backlog;
import com.cmp.polling.status.lag.HandlerLag;
import java.time.Duration;
import java.time.Instant;

/**
 * What one scheduling round records of one task type ({@link SchedulerStatsStore#record}).
 *
 * @param scheduled cards published from the shard queues
 * @param manual manual triggers published
 * @param failures tasks Kafka refused (their cards put back)
 * @param cause why back-pressure held the type back; null when it was dispatched
 * @param measuredAt when the measures back-pressure decided on were taken
 * @param lag the handlers' lag among those measures
 * @param backlog cards due and not leased among those measures; null when Redis did not answer
 * @param maxLagAge the round's {@code max-lag-age}
 * @param maxConsumerLag the round's {@code max-consumer-lag} (0: that rule is off)
 */
public record RoundStats(
    long scheduled,
    long manual,
    long failures,
    HoldBackCause cause,
    Instant measuredAt,
    HandlerLag lag,
    Backlog backlog,
    Duration maxLagAge,
    long maxConsumerLag) {

  public boolean heldBack() {
    return cause != null;
  }
}
