package com.cmp.polling.scheduler.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the scheduler service ({@code cmp.polling.scheduler.*}). Shared settings (queues,
 * Kafka) are under {@code cmp.polling.*}, see PollingProperties.
 *
 * @param enabled whether the scheduling loop runs (the triggers and the operators' requests run
 *     regardless)
 * @param tick pause between two scheduling rounds
 * @param batchSize cards per lease dequeue (capped at 7000)
 * @param maxBatchesPerShard dequeues per shard and task type in one round; a round moves on as soon
 *     as a dequeue comes back short
 * @param manualCap manual triggers of one task type taken at a time by the manual lane
 * @param manualInterval how often the manual lane looks for manual triggers, on a thread of its own
 *     whatever a round of due cards costs: a trigger is published within about this long of the
 *     request
 * @param shardThreads shards processed in parallel
 */
@ConfigurationProperties("cmp.polling.scheduler")
public record SchedulerProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("1s") Duration tick,
    @DefaultValue("1000") int batchSize,
    @DefaultValue("50") int maxBatchesPerShard,
    @DefaultValue("10000") int manualCap,
    @DefaultValue("250ms") Duration manualInterval,
    @DefaultValue("4") int shardThreads,
    @DefaultValue Backpressure backpressure,
    @DefaultValue Initializer initializer,
    @DefaultValue Triggers triggers,
    @DefaultValue Reconciler reconciler) {

  public SchedulerProperties {
    if (manualInterval.isNegative() || manualInterval.isZero()) {
      throw new IllegalArgumentException(
          "cmp.polling.scheduler.manual-interval must be positive, was " + manualInterval);
    }
  }

  /**
   * When a task type is held back: only when its handlers really fall behind, never for the size of
   * the fleet (the cards scheduled, ZCARD, and the due backlog stay monitoring figures).
   *
   * @param maxLagAge a task type whose oldest task not yet consumed by its handlers is older is
   *     held back: the default guard. Healthy handlers consume a task within seconds of its
   *     publication whatever the fleet size; well under the lease (5 min), so that what sits in
   *     Kafka is handled before its lease ends and its card comes due again
   * @param maxConsumerLag a task type whose handlers have more tasks waiting in Kafka is held back;
   *     0 (the default) turns this count rule off. A count is not a time: the tasks healthy
   *     handlers have in hand grow with the rate of checks, hence with the fleet (at 1 B cards 200
   *     000 tasks are a third of a second of flow), so a fixed default would hold back a large
   *     healthy fleet. Set it for a hard cap on what sits in Kafka, sized from the fleet's rate of
   *     checks
   * @param lagCheckInterval how long the measures (consumer lag and due backlog) are reused before
   *     asking Kafka and Redis again
   */
  public record Backpressure(
      @DefaultValue("60s") Duration maxLagAge,
      @DefaultValue("0") long maxConsumerLag,
      @DefaultValue("5s") Duration lagCheckInterval) {

    public Backpressure {
      if (maxLagAge.isNegative() || maxLagAge.isZero()) {
        throw new IllegalArgumentException(
            "backpressure max-lag-age must be positive, was " + maxLagAge);
      }
      if (maxConsumerLag < 0) {
        throw new IllegalArgumentException(
            "backpressure max-consumer-lag must be 0 (off) or a number of tasks, was "
                + maxConsumerLag);
      }
      if (lagCheckInterval.isNegative()) {
        throw new IllegalArgumentException(
            "backpressure lag-check-interval must not be negative, was " + lagCheckInterval);
      }
    }

    /** Whether the count rule ({@code max-consumer-lag}) is on. */
    public boolean countRuleOn() {
      return maxConsumerLag > 0;
    }
  }

  /**
   * @param enabled whether this instance fills the queues from PostgreSQL when they need it
   * @param batchSize cards read per id-cursor page
   * @param pause rest between two pages, to spare the database (0 allowed)
   * @param watchInterval how often it checks that Redis still holds the queues
   */
  public record Initializer(
      @DefaultValue("true") boolean enabled,
      @DefaultValue("100000") int batchSize,
      @DefaultValue("1s") Duration pause,
      @DefaultValue("30s") Duration watchInterval) {}

  /**
   * @param enabled whether the package expiry and data-reset triggers run
   * @param interval how often they run (seed: 10 s)
   * @param batchSize packages changed per statement
   */
  public record Triggers(
      @DefaultValue("true") boolean enabled,
      @DefaultValue("10s") Duration interval,
      @DefaultValue("1000") int batchSize) {}

  /**
   * The queue reconciler: PostgreSQL (the truth) compared with the queues, and the differences
   * repaired. A periodic pass compares the cards whose planning columns changed since the last pass
   * (the change marker), the entries scored beyond any interval, and a slice of the fleet's id
   * range and of the queues (the sweep); a full pass compares everything, on demand and after a
   * Redis loss or a change-stream gap.
   *
   * @param enabled whether this instance runs periodic passes (a pass an operator asks for runs
   *     regardless)
   * @param interval pause between the end of a pass and the start of the next; a periodic pass is
   *     left out when another instance finished one less than half an interval ago
   * @param initialDelay before the first periodic pass, to which a random part of one interval is
   *     added, so that instances and restarts do not all read PostgreSQL at the same moment
   * @param settle a card changed in PostgreSQL more recently than this (or than the change stream's
   *     measured lag, when longer) is left to the change stream
   * @param pageSize cards read per page from PostgreSQL, and queue entries per scan chunk
   * @param pause rest between two pages or chunks, to spread a pass (0 allowed; under a minute)
   * @param topologyGroup the lifecycle listener's Kafka Streams {@code application.id}: its lag on
   *     the raw change topics is part of the change stream's lag
   * @param sweepPeriod the whole fleet (every card, every queue entry) is compared at least once in
   *     this period: each periodic pass takes the share of the card id range and of the queues that
   *     one interval is of the period, and more when passes fell behind it
   * @param cdcSlot the lifecycle listener's replication slot: when it appears again after it was
   *     gone, changes committed meanwhile never went through the change stream, and the next pass
   *     is a full one
   */
  public record Reconciler(
      @DefaultValue("true") boolean enabled,
      @DefaultValue("5m") Duration interval,
      @DefaultValue("1m") Duration initialDelay,
      @DefaultValue("2m") Duration settle,
      @DefaultValue("20000") int pageSize,
      @DefaultValue("100ms") Duration pause,
      @DefaultValue("cmp-lifecycle-topology") String topologyGroup,
      @DefaultValue("24h") Duration sweepPeriod,
      @DefaultValue("cmp_polling_lifecycle") String cdcSlot) {

    @ConstructorBinding
    public Reconciler {
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException("reconciler interval must be positive, was " + interval);
      }
      if (initialDelay.isNegative() || settle.isNegative()) {
        throw new IllegalArgumentException(
            "reconciler initial-delay and settle must not be negative, were "
                + initialDelay
                + " and "
                + settle);
      }
      if (pageSize <= 0) {
        throw new IllegalArgumentException(
            "reconciler page-size must be positive, was " + pageSize);
      }
      if (pause.isNegative() || pause.compareTo(Duration.ofMinutes(1)) >= 0) {
        throw new IllegalArgumentException(
            "reconciler pause must be at least 0 and under a minute (the lock's renewal), was "
                + pause);
      }
      if (sweepPeriod.isNegative() || sweepPeriod.isZero()) {
        throw new IllegalArgumentException(
            "reconciler sweep-period must be positive, was " + sweepPeriod);
      }
      if (cdcSlot == null || !cdcSlot.matches("[a-z0-9_]{1,63}")) {
        throw new IllegalArgumentException(
            "reconciler cdc-slot must be a replication slot name (1-63 of [a-z0-9_]), was "
                + cdcSlot);
      }
    }

    /** The settings of before the sweep, the new ones at their defaults. */
    public Reconciler(
        boolean enabled,
        Duration interval,
        Duration initialDelay,
        Duration settle,
        int pageSize,
        Duration pause,
        String topologyGroup) {
      this(
          enabled,
          interval,
          initialDelay,
          settle,
          pageSize,
          pause,
          topologyGroup,
          Duration.ofHours(24),
          "cmp_polling_lifecycle");
    }
  }
}
