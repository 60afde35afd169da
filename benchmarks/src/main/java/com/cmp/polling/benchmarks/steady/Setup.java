package com.cmp.polling.benchmarks.steady;

import static com.cmp.polling.benchmarks.Report.number;

import java.time.Duration;

/**
 * How the run was set up, for the first paragraph of its report.
 *
 * @param seededRate the rate the fleet was inserted at (0: nothing due)
 * @param apps the apps and their heaps ({@link PipelineApps#describe()})
 * @param redis the Redis server
 */
record Setup(
    SteadyFleet fleet,
    int seededRate,
    double seedSeconds,
    PipelineReady.Ready ready,
    String apps,
    String redis,
    int latencyMs) {

  String describe() {
    SteadyFleet.Intervals intervals = fleet.intervals(seededRate);
    return number(fleet.cards())
        + " cards (verified, online, polled, an active package; every tenth in a device of ten"
        + " sharing its package) inserted in "
        + Math.round(seedSeconds)
        + " s, "
        + (seededRate > 0
            ? "with check intervals "
                + intervals.describe()
                + ", so that the fleet comes due at "
                + number(intervals.checksPerSecond(fleet.cards()))
                + " checks/s"
            : "with check intervals of about 31 years, so that nothing is due")
        + ". The apps — "
        + apps
        + " — run in JVMs of their own with their default settings (given only the servers'"
        + " addresses, their ports, the gateway URL and the admin token); the listener runs its"
        + " Debezium embedded engine and its Kafka Streams topologies as deployed. Servers: embedded"
        + " PostgreSQL 14 (wal_level=logical), "
        + redis
        + ", a Kafka 4.1 broker in a child JVM (-Xmx1g); the gateway simulator, in the benchmark's"
        + " JVM, answers after "
        + latencyMs
        + " ms. The scheduler's initializer enrolled "
        + number(ready.init().processed())
        + " cards in "
        + Duration.between(ready.init().startedAt(), ready.init().updatedAt()).toSeconds()
        + " s; the listener's replication slot streamed "
        + ready.slotStreaming().toSeconds()
        + " s after the apps were up (its first start's snapshot read every card), and the"
        + " pipeline was ready — fleet enrolled, the snapshot on the raw topic and read by the"
        + " listener — "
        + ready.caughtUp().toSeconds()
        + " s after.";
  }
}
