package com.cmp.polling.handlers.config;

import com.cmp.polling.autoconfigure.membership.StaticMembership;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Settings of the check handlers ({@code cmp.polling.handlers.*}); shared settings (gateway and its
 * rate limits, queues, stop/resume) are under {@code cmp.polling.*}.
 *
 * @param consumers Kafka consumers of each task topic in this instance, by task type (at most its
 *     partitions; an instance left without a partition only idles). The defaults fit the default
 *     configs on 16 partitions and a few instances: 2 for carddata and package (at 10 M cards 5 556
 *     and 2 778 checks/s over the fleet), 1 for realname (116/s) and protect (a few); a consumer
 *     hands each poll's carrier queries to the shared workers, so one carries a few thousand checks
 *     a second, and every consumer costs fetches and heartbeats while idle
 * @param consumersPerType when set, the consumers of every task type not named in {@code consumers}
 *     (the setting of earlier versions, which applied one count to every type)
 * @param fetchMinBytes how much a regular task consumer's fetch waits to gather (Kafka's {@code
 *     fetch.min.bytes}) for up to {@code fetch-max-wait}: the tasks the scheduler publishes in one
 *     tick come as one poll rather than a few, so the database and Redis work a poll shares serves
 *     more checks. Manual topics fetch at once
 * @param fetchMaxWait how long a regular task consumer's fetch waits for {@code fetch-min-bytes}
 *     (Kafka's {@code fetch.max.wait.ms}): the most it adds to a task's wait when few arrive
 * @param manualFetchMaxWait how long an idle manual topic's fetch is held by the broker: a manual
 *     task ends it at once, so a longer wait costs no latency and fewer fetches while idle
 * @param workerThreads checks running at once in this instance: they mostly wait for the carrier
 *     gateway, so many threads keep a few cores busy (2 000 checks/s at 20 ms gateway latency keep
 *     about 80 waiting at once, counting the time a poll's slice waits for its slowest answer)
 * @param maxInFlightPerType checks of one task type running at once in all instances together
 *     (seed: acquireConcurrency); a poll's slice holds one per card from its first carrier query to
 *     its completions
 * @param permitWait how long a poll's slice waits for permits before its checks are put off
 * @param permitTtl lifetime of a permit whose holder died: longer than any check or slice
 * @param retryDelay when a check that failed for a passing reason (gateway timeout, busy card) runs
 *     again, instead of the config's full interval
 * @param carrierWait how long, at most, a query of a rate-limited carrier should wait for its slot:
 *     this instance runs at most the carrier's calls per second times this many of its queries at
 *     once (never more than {@code cmp.polling.gateway.rate-limit-max-wait} allows), the carrier's
 *     other checks of a slice are put off without taking a worker
 * @param manualWorkerThreads manual checks running at once in this instance, on threads of their
 *     own, in slices of at most that many (they take no permit: an operator's check never waits
 *     behind the regular ones)
 * @param manualRetryDelay when a manual check that could not run (its carrier refused for a while
 *     or failed in passing, the card busy) runs again: it is triggered again for then, through the
 *     manual topic, rather than put at {@code retry-delay} in the regular queue behind the regular
 *     backlog; at most half the queue lease (a longer one is cut to that)
 * @param staticMembership whether the task consumers join their groups as static members (Kafka's
 *     {@code group.instance.id}): a restarted instance then gets its partitions back at once
 *     instead of after the dead consumers' session timeout
 * @param instanceId this instance's id in those groups: stable across its restarts, and unique
 *     among the instances (two instances with one id fence each other's consumers); default: the
 *     host name (a container's, a pod's), letters, digits, {@code .}, {@code _} and {@code -}
 * @param usageSamples how long the usage samples are kept ({@code data_usage_records})
 */
@ConfigurationProperties("cmp.polling.handlers")
public record HandlersProperties(
    Map<TaskType, Integer> consumers,
    Integer consumersPerType,
    @DefaultValue("16KB") DataSize fetchMinBytes,
    @DefaultValue("100ms") Duration fetchMaxWait,
    @DefaultValue("1s") Duration manualFetchMaxWait,
    @DefaultValue("128") int workerThreads,
    @DefaultValue("1000") int maxInFlightPerType,
    @DefaultValue("2s") Duration permitWait,
    @DefaultValue("10m") Duration permitTtl,
    @DefaultValue("60s") Duration retryDelay,
    @DefaultValue("1s") Duration carrierWait,
    @DefaultValue("8") int manualWorkerThreads,
    @DefaultValue("5s") Duration manualRetryDelay,
    @DefaultValue("true") boolean staticMembership,
    String instanceId,
    @DefaultValue UsageSamples usageSamples) {

  /** Consumers per task type unless configured otherwise (see {@code consumers}). */
  static final Map<TaskType, Integer> DEFAULT_CONSUMERS =
      Map.of(TaskType.REALNAME, 1, TaskType.CARDDATA, 2, TaskType.PACKAGE, 2, TaskType.PROTECT, 1);

  public HandlersProperties {
    StaticMembership.check("cmp.polling.handlers.instance-id", instanceId);
    Map<TaskType, Integer> counts = new EnumMap<>(TaskType.class);
    for (TaskType type : TaskType.values()) {
      Integer configured = consumers == null ? null : consumers.get(type);
      int count =
          configured != null
              ? configured
              : consumersPerType != null ? consumersPerType : DEFAULT_CONSUMERS.get(type);
      if (count < 1) {
        throw new IllegalArgumentException(
            "cmp.polling.handlers.consumers." + type.code() + " must be at least 1, was " + count);
      }
      counts.put(type, count);
    }
    consumers = Map.copyOf(counts);
    if (fetchMaxWait.isNegative() || manualFetchMaxWait.isNegative()) {
      throw new IllegalArgumentException(
          "cmp.polling.handlers.fetch-max-wait and manual-fetch-max-wait must not be negative");
    }
  }

  /** The consumers of the task type's regular topic in this instance. */
  public int consumersOf(TaskType type) {
    return consumers.get(type);
  }

  /**
   * The usage samples' retention ({@code cmp.polling.handlers.usage-samples.*}).
   *
   * @param retention how long a sample is kept at least: a day's partition is dropped once the day
   *     ended longer ago than this (a sample lives up to a day more). A week by default: the month
   *     counters that the accounting needs are kept apart from the samples, so the samples are
   *     history for people looking into a card's usage, and a week covers an incident looked into
   *     after a weekend while bounding the table to about eight days of checks (up to about 60 GB a
   *     day at 10 M cards if every check recorded a change); raise it where samples back billing
   *     disputes (35 days cover the previous month). At least a day
   * @param daysAhead how many days after today have their partition created ahead, so a write never
   *     waits for one (a check writing into a day without one still creates it)
   * @param maintenanceInterval how often this instance creates and drops partitions (one instance
   *     at a time does it, under a PostgreSQL advisory lock)
   */
  public record UsageSamples(
      @DefaultValue("7d") Duration retention,
      @DefaultValue("2") int daysAhead,
      @DefaultValue("1h") Duration maintenanceInterval) {

    public UsageSamples {
      if (retention.compareTo(Duration.ofDays(1)) < 0) {
        throw new IllegalArgumentException(
            "cmp.polling.handlers.usage-samples.retention must be at least 1d, was " + retention);
      }
      if (daysAhead < 1) {
        throw new IllegalArgumentException(
            "cmp.polling.handlers.usage-samples.days-ahead must be at least 1, was " + daysAhead);
      }
      if (maintenanceInterval.isNegative() || maintenanceInterval.isZero()) {
        throw new IllegalArgumentException(
            "cmp.polling.handlers.usage-samples.maintenance-interval must be positive");
      }
    }
  }
}
