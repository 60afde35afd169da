package com.cmp.polling.scheduler.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the scheduler service ({@code cmp.polling.scheduler.*}). Shared settings (queues,
 * Kafka, gateway, stop/resume) are under {@code cmp.polling.*}, see PollingProperties.
 *
 * @param enabled whether the scheduling loop runs (the API and triggers run regardless)
 * @param tick pause between two scheduling rounds
 * @param batchSize cards per lease dequeue (capped at 7000)
 * @param maxBatchesPerShard dequeues per shard and task type in one round; a round moves on as soon
 *     as a dequeue comes back short
 * @param manualCap manual triggers of one task type taken per round
 * @param shardThreads shards processed in parallel
 */
@ConfigurationProperties("cmp.polling.scheduler")
public record SchedulerProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("1s") Duration tick,
    @DefaultValue("1000") int batchSize,
    @DefaultValue("50") int maxBatchesPerShard,
    @DefaultValue("10000") int manualCap,
    @DefaultValue("4") int shardThreads,
    @DefaultValue Backpressure backpressure,
    @DefaultValue Initializer initializer,
    @DefaultValue Triggers triggers,
    @DefaultValue Admin admin) {

  /**
   * When a task type is held back: only when its handlers really fall behind, never for the size of
   * the fleet (the cards scheduled, ZCARD, stay a monitoring figure).
   *
   * @param maxLagAge a task type whose oldest task not yet consumed by its handlers is older is
   *     held back. Healthy handlers consume a task within seconds of its publication whatever the
   *     fleet size; well under the lease (5 min), so that what sits in Kafka is handled before its
   *     lease ends and its card comes due again
   * @param maxConsumerLag a task type whose handlers have more tasks waiting in Kafka is held back:
   *     a cap on what sits in Kafka, bound by the rate of checks, not the fleet
   * @param lagCheckInterval how long the measures (consumer lag and due backlog) are reused before
   *     asking Kafka and Redis again
   */
  public record Backpressure(
      @DefaultValue("60s") Duration maxLagAge,
      @DefaultValue("200000") long maxConsumerLag,
      @DefaultValue("5s") Duration lagCheckInterval) {}

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
   * @param token the bearer token of the admin and monitoring API; required, except in the {@code
   *     dev} profile, which generates one and logs it
   */
  public record Admin(String token) {}
}
