package com.cmp.polling.core.queue;

import java.time.Duration;
import java.util.Objects;

/**
 * How the polling queues are laid out and leased.
 *
 * @param shardCount shards per task type; card {@code id} lives in shard {@code id % shardCount}
 * @param lease how long a dequeued card stays out of reach before it comes due again if its check
 *     was never completed; longer than the slowest check, short enough to retry soon
 */
public record QueueSettings(int shardCount, Duration lease) {

  /** The seed's 16 shards and a 5-minute lease. */
  public static final QueueSettings DEFAULTS = new QueueSettings(16, Duration.ofMinutes(5));

  public QueueSettings {
    QueueArguments.requirePositive(shardCount, "shard count");
    Objects.requireNonNull(lease, "lease");
    if (lease.toSeconds() < 1) {
      throw new IllegalArgumentException("lease must be at least 1 second, was " + lease);
    }
  }
}
