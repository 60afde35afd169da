package com.cmp.polling.handlers.config;

import com.cmp.polling.autoconfigure.membership.StaticMembership;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the check handlers ({@code cmp.polling.handlers.*}); shared settings (gateway and its
 * rate limits, queues, stop/resume) are under {@code cmp.polling.*}.
 *
 * @param consumersPerType Kafka consumers per task topic in this instance (at most its partitions)
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
 */
@ConfigurationProperties("cmp.polling.handlers")
public record HandlersProperties(
    @DefaultValue("4") int consumersPerType,
    @DefaultValue("128") int workerThreads,
    @DefaultValue("1000") int maxInFlightPerType,
    @DefaultValue("2s") Duration permitWait,
    @DefaultValue("10m") Duration permitTtl,
    @DefaultValue("60s") Duration retryDelay,
    @DefaultValue("1s") Duration carrierWait,
    @DefaultValue("8") int manualWorkerThreads,
    @DefaultValue("5s") Duration manualRetryDelay,
    @DefaultValue("true") boolean staticMembership,
    String instanceId) {

  public HandlersProperties {
    StaticMembership.check("cmp.polling.handlers.instance-id", instanceId);
  }
}
