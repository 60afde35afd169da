package com.cmp.polling.benchmarks.cycle;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.benchmarks.infra.ConsumerPerfTool;
import com.cmp.polling.benchmarks.infra.CpuUse;
import com.cmp.polling.benchmarks.infra.ProducerPerfTool;
import com.cmp.polling.benchmarks.infra.SchedulerLauncher;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The bare infrastructure cycle, what a check costs before it does anything: {@code --cards}
 * carddata cards (default 300 000) come due at once in the Redis queues; the real scheduler app
 * leases them and publishes their tasks to Kafka; consumers in the handlers' group decode each task
 * (as the handlers do), run an empty check and complete the cards in batches (next check in an
 * hour, so each card goes round exactly once). Measures cards/s from the due time to the last
 * completion, counts cards completed twice or never, and runs Kafka's producer and consumer perf
 * tools on the same broker as the ceiling.
 */
public final class CycleBenchmark {

  private static final Logger log = LoggerFactory.getLogger(CycleBenchmark.class);
  private static final TaskType TYPE = TaskType.CARDDATA;
  private static final Duration INTERVAL = Duration.ofHours(1);
  private static final int PARTITIONS = 16;

  private final int cards;
  private final int warmUp;
  private final int maxWarmUpPasses;
  private final int consumers;
  private final int maxPollRecords;

  public CycleBenchmark(Options options) {
    this.cards = options.integer("cards", 300_000);
    this.warmUp = options.integer("warm-up", cards);
    this.maxWarmUpPasses = options.integer("warm-up-passes", 8);
    this.consumers = options.integer("consumers", 4);
    this.maxPollRecords = options.integer("max-poll-records", 2_000);
  }

  public void run(Report report) throws Exception {
    try (BenchmarkPostgres postgres = BenchmarkPostgres.start();
        BenchmarkRedis redis = BenchmarkRedis.start(0);
        BenchmarkKafka kafka = BenchmarkKafka.start("1g")) {
      kafka.createTopic(Topics.TASK_CARDDATA_NAME, PARTITIONS);
      report.heading(
          "Bare infrastructure cycle: " + number(cards) + " cards due → completed and requeued");
      report.paragraph(
          "Servers: embedded PostgreSQL 14 (the scheduler app's datasource; no card row is read"
              + " during the cycle), "
              + redis.describe()
              + ", Kafka 4.1 broker in a child JVM (-Xmx1g). In this JVM (max heap "
              + Runtime.getRuntime().maxMemory() / (1024 * 1024)
              + " MiB): the scheduler app with its production defaults (tick 1 s, 16 shards on 4"
              + " threads, leases of 1 000 cards, 4 batches in flight per shard, lag back-pressure"
              + " on; initializer and package triggers off), and "
              + consumers
              + " consumers in the handlers' group `"
              + Topics.checkHandlersGroup(TYPE)
              + "` on 16 partitions, at most "
              + maxPollRecords
              + " tasks per poll: each task decoded by PayloadCodec as the handlers do, an empty"
              + " check, the poll's cards completed in one pipelined call"
              + " (`PollingQueueManager.completeAll`, one script per shard, next check in 1 h), then the offsets"
              + " committed.");

      Optional<Double> produce =
          ProducerPerfTool.recordsPerSecond(kafka, "perf-ceiling", cards, 120);
      Optional<Double> consume =
          produce.isPresent()
              ? ConsumerPerfTool.recordsPerSecond(kafka, "perf-ceiling", cards)
              : Optional.empty();

      Completions completions = new Completions(cards + warmUp * maxWarmUpPasses);
      try (ConfigurableApplicationContext app =
              SchedulerLauncher.start(
                  postgres,
                  redis,
                  kafka,
                  Map.of("cmp.polling.scheduler.initializer.enabled", false));
          EmptyCheckConsumers handlers =
              new EmptyCheckConsumers(
                  kafka,
                  app.getBean(PollingQueueManager.class),
                  completions,
                  consumers,
                  maxPollRecords,
                  INTERVAL)) {
        PollingQueueManager queues = app.getBean(PollingQueueManager.class);
        handlers.awaitAssigned(PARTITIONS, Duration.ofSeconds(60));
        List<Outcome> warm = warmUp(queues, completions);
        Outcome measured = pass(queues, completions, 1, cards);
        // Cards still due or leased, of any pass: a completed one is due in about an hour.
        long unfinished =
            queues.getOverdueCount(
                TYPE, Instant.ofEpochMilli(measured.dueMillis()).plus(INTERVAL.dividedBy(2)));
        long depth = queues.getTotalQueueDepth(TYPE);
        long seeded = cards + (long) warmUp * warm.size();
        new CycleReport(cards, warmUp, maxWarmUpPasses, consumers)
            .write(
                report,
                measured,
                warm,
                produce,
                consume,
                new Redis(unfinished, depth, seeded),
                completions,
                handlers);
      }
    }
  }

  /**
   * Unmeasured passes of other cards, until the JIT compiled for less than a tenth of a pass's
   * duration (at most {@code --warm-up-passes}): on two cores, the compiler threads of a JVM this
   * size (Spring, Kafka, Lettuce, Netty, Jackson) otherwise take a large share of the measured
   * pass, which a long-running service does not pay.
   */
  private List<Outcome> warmUp(PollingQueueManager queues, Completions completions)
      throws InterruptedException {
    List<Outcome> passes = new ArrayList<>();
    while (warmUp > 0 && passes.size() < maxWarmUpPasses) {
      int first = cards + passes.size() * warmUp + 1;
      Outcome pass = pass(queues, completions, first, first + warmUp - 1);
      passes.add(pass);
      log.info(
          "warm-up pass {}: {} cards/s, JIT {} ms",
          passes.size(),
          number(pass.cardsPerSecond()),
          pass.jitMillis());
      if (pass.jitMillis() < pass.seconds() * 100) {
        break;
      }
    }
    return passes;
  }

  /** What Redis holds after the measured pass. */
  record Redis(long unfinished, long depth, long seeded) {}

  /** What one pass came to, with the CPU it took and the time the JIT spent compiling. */
  record Outcome(
      long dueMillis,
      long seededMillis,
      Completions.Pass pass,
      double cpuMillis,
      double machineBusyPercent,
      long jitMillis) {

    double seconds() {
      return (pass.lastCompletedMillis() - dueMillis) / 1000.0;
    }

    double cardsPerSecond() {
      return pass.completedOnce() == 0 ? 0 : pass.completedOnce() / seconds();
    }
  }

  /**
   * Makes cards {@code first..last} due together a little ahead (time to write them all), then
   * waits until every one was completed or nothing moved for 30 s, and 2 s more for duplicates.
   */
  private Outcome pass(PollingQueueManager queues, Completions completions, int first, int last)
      throws InterruptedException {
    int count = last - first + 1;
    long target = completions.distinct() + count;
    Instant due = Instant.now().plusMillis(1500 + count / 100);
    List<ScheduledCheck> batch = new ArrayList<>(100_000);
    for (long card = first; card <= last; card++) {
      batch.add(new ScheduledCheck(card, TYPE, due));
      if (batch.size() == 100_000) {
        queues.requeueAll(batch);
        batch.clear();
      }
    }
    queues.requeueAll(batch);
    long seeded = System.currentTimeMillis();
    long wait = due.toEpochMilli() - System.currentTimeMillis();
    if (wait > 0) {
      TimeUnit.MILLISECONDS.sleep(wait);
    }
    log.info("pass of cards {}..{}: due now", first, last);
    CpuUse before = CpuUse.now(thread -> false);
    long jitBefore = jitMillis();
    long lastProgress = System.nanoTime();
    long seen = completions.distinct();
    while (seen < target && System.nanoTime() - lastProgress < TimeUnit.SECONDS.toNanos(30)) {
      TimeUnit.MILLISECONDS.sleep(20);
      long now = completions.distinct();
      if (now != seen) {
        seen = now;
        lastProgress = System.nanoTime();
      }
    }
    CpuUse after = CpuUse.now(thread -> false);
    long jit = jitMillis() - jitBefore;
    log.info("pass of cards {}..{}: {} of {} completed", first, last, seen - target + count, count);
    TimeUnit.SECONDS.sleep(2);
    return new Outcome(
        due.toEpochMilli(),
        seeded,
        completions.pass(first, last, due.toEpochMilli()),
        after.ownMillisSince(before),
        after.machineBusyPercentSince(before),
        jit);
  }

  /** Milliseconds the JIT compilers spent so far, 0 where the JVM does not say. */
  static long jitMillis() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit.getTotalCompilationTime()
        : 0;
  }
}
