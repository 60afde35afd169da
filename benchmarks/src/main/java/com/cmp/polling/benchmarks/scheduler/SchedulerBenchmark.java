package com.cmp.polling.benchmarks.scheduler;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.benchmarks.infra.ProducerPerfTool;
import com.cmp.polling.benchmarks.infra.SchedulerLauncher;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The scheduler with {@code --cards} cards (default 1 M) in PostgreSQL: time until the app is
 * ready, initializer throughput, dispatch throughput Redis → Kafka next to Kafka's own producer
 * perf tool on the same broker, and due → published latency at {@code --rate} cards/s.
 */
public final class SchedulerBenchmark {

  private static final Logger log = LoggerFactory.getLogger(SchedulerBenchmark.class);

  private final int cards;
  private final int rate;
  private final int latencySeconds;
  private final int warmUp;

  public SchedulerBenchmark(Options options) {
    this.cards = options.integer("cards", 1_000_000);
    this.rate = options.integer("rate", 50_000);
    this.latencySeconds = options.integer("latency-seconds", 20);
    this.warmUp = options.integer("warm-up", Math.min(200_000, cards / 5));
  }

  public void run(Report report) throws Exception {
    try (BenchmarkPostgres postgres = BenchmarkPostgres.start();
        BenchmarkRedis redis = BenchmarkRedis.start(0);
        BenchmarkKafka kafka = BenchmarkKafka.start("1g")) {
      report.heading("Scheduler: " + number(cards) + " cards");
      long seedStart = System.nanoTime();
      postgres.seedCards(cards);
      report.paragraph(
          "Servers: embedded PostgreSQL 14, "
              + redis.describe()
              + ", Kafka 4.1 broker in a child"
              + " JVM (-Xmx1g). "
              + number(cards)
              + " cards inserted in "
              + seconds(System.nanoTime() - seedStart)
              + " s. Benchmark JVM max heap: "
              + Runtime.getRuntime().maxMemory() / (1024 * 1024)
              + " MiB.");

      var ceiling = ProducerPerfTool.recordsPerSecond(kafka, "perf-ceiling", cards, 120);
      report.paragraph(
          "Ceiling: Kafka's ProducerPerformance, "
              + number(cards)
              + " records of 120 B, acks=all,"
              + " idempotent, lz4, 16 partitions: "
              + ceiling.map(r -> "**" + number(r) + " records/s**").orElse("failed (see log)")
              + ".");

      long startNanos = System.nanoTime();
      try (ConfigurableApplicationContext app = startApp(postgres, redis, kafka)) {
        double readySeconds = seconds(System.nanoTime() - startNanos);
        InitProgress init = awaitInitialization(app);
        report.paragraph(
            "Start: the app was ready (HTTP up, loop running) "
                + readySeconds
                + " s after launch,"
                + " while the initializer kept working in the background. Initializer: "
                + number(init.processed())
                + " cards in "
                + Duration.between(init.startedAt(), init.updatedAt()).toMillis() / 1000.0
                + " s = **"
                + number(init.cardsPerSecond())
                + " cards/s** (pause 0, pages of"
                + " 100 000), heap used at most "
                + peakHeapMib
                + " MiB.");
        dispatch(app, kafka, report);
        latency(app, kafka, report);
      }
    }
  }

  private ConfigurableApplicationContext startApp(
      BenchmarkPostgres postgres, BenchmarkRedis redis, BenchmarkKafka kafka) {
    return SchedulerLauncher.start(
        postgres,
        redis,
        kafka,
        Map.of(
            "cmp.polling.scheduler.initializer.pause",
            "0s",
            // Nobody consumes the task topics here: their lag would hold the loop back.
            "cmp.polling.scheduler.backpressure.max-consumer-lag",
            Long.MAX_VALUE,
            "cmp.polling.scheduler.backpressure.max-lag-age",
            "1d"));
  }

  private long peakHeapMib;

  private InitProgress awaitInitialization(ConfigurableApplicationContext app) throws Exception {
    var progress = app.getBean(InitProgressStore.class);
    var memory = ManagementFactory.getMemoryMXBean();
    while (true) {
      peakHeapMib = Math.max(peakHeapMib, memory.getHeapMemoryUsage().getUsed() / (1024 * 1024));
      var current = progress.read();
      if (current.isPresent() && current.get().completed()) {
        return current.get();
      }
      TimeUnit.MILLISECONDS.sleep(100);
    }
  }

  /**
   * All cards due at one instant in the carddata queues; the running loop drains them. They are
   * written due a moment ahead (time enough to write them at half the queue benchmark's fill rate),
   * so that nothing is published while they are written, and the clock starts at that instant: the
   * wait for the next tick is included, as a card meets it in production. A smaller burst goes
   * first, unmeasured, so that the measured one meets compiled code as a long-running scheduler
   * does; its figure is reported too.
   */
  private void dispatch(ConfigurableApplicationContext app, BenchmarkKafka kafka, Report report)
      throws Exception {
    String warmUpText = "";
    if (warmUp > 0) {
      Burst cold = burst(app, kafka, cards + 1L, warmUp);
      warmUpText =
          " A first burst of "
              + number(warmUp)
              + " cards (other card ids), run just before to let the JIT compile the loop, went"
              + " out at "
              + number(cold.perSecond())
              + " cards/s.";
    }
    Burst measured = burst(app, kafka, 1, cards);
    report.paragraph(
        "Dispatch: "
            + number(cards)
            + " carddata cards written due at one instant "
            + seconds(measured.ahead().toNanos())
            + " s ahead (none is published while they are written); from that instant the"
            + " running loop (tick 1 s, 16 shards on 4 threads, batches of 1 000, the wait for"
            + " its next tick included) published "
            + number(measured.published())
            + " tasks in "
            + seconds(measured.nanos())
            + " s = **"
            + number(measured.perSecond())
            + " cards/s**; from the first tasks seen (the wait for the tick left out) "
            + number(measured.published() / seconds(measured.movingNanos()))
            + " cards/s."
            + warmUpText);
  }

  /** What one burst of due cards gave. */
  private record Burst(Duration ahead, long published, long nanos, long movingNanos) {
    double perSecond() {
      return published / seconds(nanos);
    }
  }

  /**
   * Cards {@code firstId} … {@code firstId + count − 1} due at one instant, drained by the loop.
   */
  private Burst burst(
      ConfigurableApplicationContext app, BenchmarkKafka kafka, long firstId, int count)
      throws Exception {
    var queues = app.getBean(PollingQueueManager.class);
    Duration ahead = Duration.ofMillis(2_000 + count / 200);
    Instant due = Instant.now().plus(ahead);
    long before = TopicOffsets.total(kafka, "polling.task.carddata");
    List<ScheduledCheck> batch = new ArrayList<>(100_000);
    for (long card = firstId; card < firstId + count; card++) {
      batch.add(new ScheduledCheck(card, TaskType.CARDDATA, due));
      if (batch.size() == 100_000) {
        queues.requeueAll(batch);
        batch.clear();
      }
    }
    queues.requeueAll(batch);
    Duration spare = Duration.between(Instant.now(), due);
    if (spare.isNegative()) {
      throw new IllegalStateException(
          "writing the due cards took longer than the " + ahead + " allowed: figure not valid");
    }
    TimeUnit.MILLISECONDS.sleep(spare.toMillis());
    long started = System.nanoTime();
    long firstSeen = 0;
    long published = 0;
    while (published < count && System.nanoTime() - started < TimeUnit.MINUTES.toNanos(5)) {
      TimeUnit.MILLISECONDS.sleep(50);
      published = TopicOffsets.total(kafka, "polling.task.carddata") - before;
      if (firstSeen == 0 && published > 0) {
        firstSeen = System.nanoTime();
      }
    }
    long ended = System.nanoTime();
    // The rate once the loop moves: from the first tasks seen (within 50 ms of the first tick).
    return new Burst(ahead, published, ended - started, ended - firstSeen);
  }

  /** Cards coming due at {@code rate} per second for {@code latencySeconds}. */
  private void latency(ConfigurableApplicationContext app, BenchmarkKafka kafka, Report report)
      throws Exception {
    var queues = app.getBean(PollingQueueManager.class);
    int total = rate * latencySeconds;
    Instant start = Instant.now().plusSeconds(5);
    List<ScheduledCheck> checks = new ArrayList<>(total);
    for (int i = 0; i < total; i++) {
      long card = cards + warmUp + 1L + i;
      checks.add(
          new ScheduledCheck(card, TaskType.REALNAME, start.plusNanos(1_000_000_000L * i / rate)));
    }
    LatencyProbe probe = LatencyProbe.startAtEnd(kafka, "polling.task.realname");
    for (int from = 0; from < total; from += 100_000) {
      queues.requeueAll(checks.subList(from, Math.min(total, from + 100_000)));
    }
    LatencyProbe.Result result = probe.collect(total, Duration.ofSeconds(latencySeconds + 60));
    report.paragraph(
        "Latency: "
            + number(total)
            + " cards coming due at "
            + number(rate)
            + " cards/s over "
            + latencySeconds
            + " s; due → published (the task's enqueuedAt − dueAt) over "
            + number(result.count())
            + " tasks: p50 "
            + result.p50Millis()
            + " ms, **p99 "
            + result.p99Millis()
            + " ms**, max "
            + result.maxMillis()
            + " ms.");
    log.info("latency phase done");
  }

  private static double seconds(long nanos) {
    return Math.round(nanos / 1e7) / 100.0;
  }
}
