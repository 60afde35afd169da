package com.cmp.polling.handlers.usagesamples;

import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.core.usage.UsageSamplePartitions;
import com.cmp.polling.core.usage.UsageSamplePartitions.Maintenance;
import com.cmp.polling.core.usage.UsageSamplePartitions.Partition;
import com.cmp.polling.handlers.config.HandlersProperties;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Keeps {@code data_usage_records} bounded: every {@code maintenance-interval}, the day partitions
 * of the next {@code days-ahead} days are created (a sample never waits for its day's partition),
 * and the partitions whose every sample is older than the {@code retention} are dropped. The
 * current day's partition ends in the future, so it is never among them. One instance at a time
 * does it: a pass holds a PostgreSQL advisory lock, and an instance finding it held leaves its pass
 * to the holder.
 *
 * <p>{@code polling.handlers.usage_partitions_created} and {@code
 * polling.handlers.usage_partitions_dropped} count what the passes did, {@code
 * polling.handlers.usage_partitions_failures} the passes that failed (the next one tries again).
 */
@Component
class SampleRetention implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(SampleRetention.class);
  private static final Duration FIRST_PASS = Duration.ofSeconds(10);

  private final UsageSamplePartitions partitions;
  private final HandlersProperties.UsageSamples settings;
  private final Clock clock;
  private final Counter created;
  private final Counter dropped;
  private final Counter failures;
  private ScheduledExecutorService thread;

  SampleRetention(
      UsageSamplePartitions partitions,
      HandlersProperties properties,
      Clock clock,
      MeterRegistry registry) {
    this.partitions = partitions;
    this.settings = properties.usageSamples();
    this.clock = clock;
    this.created = registry.counter("polling.handlers.usage_partitions_created");
    this.dropped = registry.counter("polling.handlers.usage_partitions_dropped");
    this.failures = registry.counter("polling.handlers.usage_partitions_failures");
  }

  /**
   * One pass, unless another instance's is under way.
   *
   * @return whether it ran here
   */
  boolean maintain() {
    boolean ran = partitions.maintainExclusively(this::pass);
    if (!ran) {
      log.debug("usage sample partitions maintained by another instance right now");
    }
    return ran;
  }

  private void pass(Maintenance maintenance) {
    Instant now = clock.instant();
    LocalDate today = now.atZone(ZoneOffset.UTC).toLocalDate();
    for (int ahead = 0; ahead <= settings.daysAhead(); ahead++) {
      LocalDate day = today.plusDays(ahead);
      if (maintenance.create(day)) {
        created.increment();
        log.info("usage sample partition of {} created ahead", day);
      }
    }
    Instant cutoff = now.minus(settings.retention());
    for (Partition partition : maintenance.list()) {
      if (partition.endsBefore(cutoff)) {
        maintenance.drop(partition);
        dropped.increment();
        log.info(
            "usage sample partition {} dropped: its samples, up to {}, are older than the {}"
                + " retention",
            partition.name(),
            partition.end(),
            settings.retention());
      }
    }
  }

  private void runSafely() {
    try {
      maintain();
    } catch (RuntimeException e) {
      failures.increment();
      log.error(
          "usage sample partitions not maintained ({}); the next pass in {} tries again",
          e.getMessage(),
          settings.maintenanceInterval(),
          e);
    }
  }

  @Override
  public synchronized void start() {
    if (thread != null) {
      return;
    }
    thread =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("usage-sample-retention"));
    thread.scheduleWithFixedDelay(
        this::runSafely,
        FIRST_PASS.toMillis(),
        settings.maintenanceInterval().toMillis(),
        TimeUnit.MILLISECONDS);
  }

  @Override
  public synchronized void stop() {
    if (thread != null) {
      thread.shutdownNow();
      thread = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return thread != null;
  }
}
