package com.cmp.polling.benchmarks.cdc;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The change stream end to end: Debezium embedded engine → raw topics → Kafka Streams →
 * polling.lifecycle → lifecycle consumer → Redis. Measures commit → queue-updated latency of single
 * changes (card inserts, and network-status updates that requeue the card for now), and the rate of
 * a bulk import of {@code --bulk} cards committed in one transaction ({@code --bulk-runs} times,
 * after an unmeasured one: the rate varies from run to run on a saturated machine).
 */
public final class CdcBenchmark {

  private final int samples;
  private final int bulk;
  private final int bulkRuns;

  public CdcBenchmark(Options options) {
    this.samples = options.integer("samples", 300);
    this.bulk = options.integer("bulk", 100_000);
    this.bulkRuns = options.integer("bulk-runs", 3);
  }

  public void run(Report report) throws Exception {
    try (BenchmarkPostgres postgres = BenchmarkPostgres.start();
        BenchmarkRedis redis = BenchmarkRedis.start(0);
        BenchmarkKafka kafka = BenchmarkKafka.start("1g")) {
      report.heading("CDC: commit → polling queue");
      long started = System.nanoTime();
      try (ConfigurableApplicationContext app = ListenerLauncher.start(postgres, redis, kafka)) {
        report.paragraph(
            "Servers: embedded PostgreSQL 14 (wal_level=logical, synchronous_commit=on), "
                + redis.describe()
                + ", Kafka 4.1 broker in a child JVM (-Xmx1g); the listener app in this JVM"
                + " (poll.interval.ms 10, Streams commit interval 100 ms, caches off), streaming "
                + seconds(System.nanoTime() - started)
                + " s after launch.");
        QueueProbe probe = new QueueProbe(app.getBean(PollingQueueManager.class), redis.template());
        JdbcClient jdbc = postgres.jdbc();
        probe.warmUp(jdbc, 20);
        List<Long> inserts = probe.insertLatencies(jdbc, samples);
        List<Long> updates = probe.statusChangeLatencies(jdbc, samples);
        report.table(
            List.of("change", "samples", "p50 ms", "p99 ms", "max ms"),
            List.of(
                row("INSERT card → queued", inserts),
                row("UPDATE network_status → requeued now", updates)));
        // A first, unmeasured import warms the JIT of every stage up.
        long warmUp = probe.depth(TaskType.CARDDATA);
        probe.bulkInsert(jdbc, bulk);
        probe.awaitDepth(TaskType.CARDDATA, warmUp + bulk, 600);
        try (StageWatch watch = new StageWatch(kafka)) {
          List<Double> rates = new ArrayList<>();
          for (int run = 1; run <= bulkRuns; run++) {
            rates.add(measuredImport(run, watch, probe, jdbc, report));
          }
          List<Double> sorted = rates.stream().sorted().toList();
          report.paragraph(
              "Bulk import, "
                  + bulkRuns
                  + " measured runs of "
                  + number(bulk)
                  + " cards (after an unmeasured one): median **"
                  + number(sorted.get(sorted.size() / 2))
                  + " cards/s**, lowest "
                  + number(sorted.get(0))
                  + ", highest "
                  + number(sorted.get(sorted.size() - 1))
                  + ".");
        }
      }
    }
  }

  /** One import of {@code bulk} cards in one transaction; its rate commit → all queued. */
  private double measuredImport(
      int run, StageWatch watch, QueueProbe probe, JdbcClient jdbc, Report report)
      throws Exception {
    long rawBefore = watch.total(Topics.CDC_CARD_NAME);
    long eventsBefore = watch.total(Topics.LIFECYCLE_NAME);
    long depthBefore = probe.depth(TaskType.CARDDATA);
    long commit = probe.bulkInsert(jdbc, bulk);
    StageWatch.Stages stages = watch.await(probe, bulk, rawBefore, eventsBefore, depthBefore);
    double seconds = (stages.queued() - commit) / 1e9;
    double rate = bulk / seconds;
    report.paragraph(
        "Bulk import "
            + run
            + ": "
            + number(bulk)
            + " cards inserted in one transaction (the INSERT itself took "
            + probe.lastInsertMillis()
            + " ms). From its commit until the last card was in the carddata queues: "
            + Math.round(seconds * 100) / 100.0
            + " s = **"
            + number(rate)
            + " cards/s**. First on the raw topic after "
            + seconds(stages.firstRaw() - commit)
            + " s, all of them after "
            + seconds(stages.raw() - commit)
            + " s, all on polling.lifecycle after "
            + seconds(stages.events() - commit)
            + " s.");
    return rate;
  }

  private static List<String> row(String name, List<Long> nanos) {
    List<Long> sorted = new ArrayList<>(nanos);
    Collections.sort(sorted);
    return List.of(
        name,
        Integer.toString(sorted.size()),
        millis(sorted.get(sorted.size() / 2)),
        "**" + millis(sorted.get((int) Math.ceil(sorted.size() * 0.99) - 1)) + "**",
        millis(sorted.get(sorted.size() - 1)));
  }

  private static String millis(long nanos) {
    return Long.toString(TimeUnit.NANOSECONDS.toMillis(nanos));
  }

  private static double seconds(long nanos) {
    return Math.round(nanos / 1e7) / 100.0;
  }
}
