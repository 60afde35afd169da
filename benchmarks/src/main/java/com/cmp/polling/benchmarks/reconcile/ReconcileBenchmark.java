package com.cmp.polling.benchmarks.reconcile;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.benchmarks.infra.SchedulerLauncher;
import com.cmp.polling.benchmarks.reconcile.ProcessCosts.Reading;
import com.cmp.polling.scheduler.reconcile.Reconciler;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.status.lag.ConsumerLag;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.RepairKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The queue reconciler over {@code --cards} cards (default 1 M), the scheduler app in-process and
 * its initializer filling the queues: a full pass (the first, which sets the change marker), then
 * drift of every kind ({@link QueueDamage}: damage written into Redis, cards and devices changed by
 * plain SQL with no listener running), then one sweep period of periodic passes run back to back
 * (as many as the period holds intervals, plus one), each the pass a periodic run makes. It checks
 * that every piece of drift was repaired within the period, and reports the CPU each pass made
 * every process spend, hence the reconciler's average share of a core at the pass interval. A final
 * full pass must find nothing left.
 */
public final class ReconcileBenchmark {

  /** Cards of this carrier get a config without package checks. */
  private static final long CARRIER_WITHOUT_PACKAGE = 3;

  private static final Duration IDLE = Duration.ofSeconds(20);

  private final int cards;
  private final int damage;
  private final int changes;
  private final int devices;
  private final Duration interval;
  private final Duration sweepPeriod;
  private final boolean finalFull;

  public ReconcileBenchmark(Options options) {
    this.cards = options.integer("cards", 1_000_000);
    this.damage = options.integer("damage", 1_000);
    this.changes = options.integer("changes", 10_000);
    this.devices = options.integer("devices", 10);
    this.interval = duration(options, "interval", "5m");
    this.sweepPeriod = duration(options, "sweep-period", "24h");
    this.finalFull = !options.strings("final-full", List.of("true")).get(0).equals("false");
  }

  public void run(Report report) throws Exception {
    try (BenchmarkPostgres postgres = BenchmarkPostgres.start();
        BenchmarkRedis redis = BenchmarkRedis.start(0);
        BenchmarkKafka kafka = BenchmarkKafka.start("512m")) {
      report.heading("Queue reconciler: " + number(cards) + " cards");
      long seedStart = System.nanoTime();
      postgres.seedCards(cards);
      postgres
          .jdbc()
          .sql(
              "INSERT INTO tb_polling_config (config_name, carrier_id, priority,"
                  + " realname_check_interval, carddata_check_interval, status)"
                  + " VALUES ('benchmark-no-package-checks', ?, 10, 86400, 1800, 1)")
          .param(CARRIER_WITHOUT_PACKAGE)
          .update();
      QueueDamage drift =
          new QueueDamage(
              redis.template(), postgres.jdbc(), cards, damage, CARRIER_WITHOUT_PACKAGE);
      List<Long> deleted = drift.deleteBeforeBuilding();
      report.paragraph(
          "Servers: embedded PostgreSQL 14, "
              + redis.describe()
              + ", Kafka 4.1 broker in a child JVM (-Xmx512m). "
              + number(cards)
              + " cards inserted in "
              + seconds(System.nanoTime() - seedStart)
              + " s (a tenth in devices, a twentieth with polling disabled, a third unverified;"
              + " carrier 3's cards under a config without package checks; "
              + number(deleted.size())
              + " deleted). Benchmark JVM max heap: "
              + Runtime.getRuntime().maxMemory() / (1024 * 1024)
              + " MiB. Interval "
              + words(interval)
              + ", sweep period "
              + words(sweepPeriod)
              + " (the defaults unless the command says otherwise).");
      try (ConfigurableApplicationContext app = startApp(postgres, redis, kafka)) {
        InitProgress init = awaitInitialization(app);
        report.paragraph(
            "Queues filled by the initializer: "
                + number(init.processed())
                + " cards in "
                + Duration.between(init.startedAt(), init.updatedAt()).toMillis() / 1000.0
                + " s; Redis uses "
                + redis.usedMemory() / (1024 * 1024)
                + " MiB.");
        // A fresh broker creates its offsets topic at the first group lookup (seconds): done
        // once here, so that no pass's measure of the change stream's lag waits for it.
        app.getBean(ConsumerLag.class)
            .ofGroup(Topics.LIFECYCLE_GROUP, List.of(Topics.LIFECYCLE.name()));
        Reconciler reconciler = app.getBean(Reconciler.class);
        ProcessCosts costs = new ProcessCosts(postgres, redis, kafka);
        Reading idle = idleRate(costs);
        PassRows rows = new PassRows(idle, interval);
        rows.add("full pass (first: sets the marker)", measure(costs, () -> full(reconciler)));
        QueueDamage.Damage injected = drift.inject(deleted, changes, devices);
        report.paragraph(ReconcileFindings.describe(injected));
        Measured firstPeriodic = measure(costs, () -> periodic(reconciler));
        rows.add("periodic pass 1 (the drift's changes)", firstPeriodic);
        Map<RepairKind, Long> found = new EnumMap<>(RepairKind.class);
        add(found, firstPeriodic.pass());
        int benign = drift.benignChanges(changes);
        Measured secondPeriodic = measure(costs, () -> periodic(reconciler));
        rows.addChangePass(
            "periodic pass 2 (" + number(benign) + " changes, none to repair)", secondPeriodic);
        add(found, secondPeriodic.pass());
        long passes = sweepPeriod.toMillis() / interval.toMillis() + 1;
        int lastRepairing = secondPeriodic.pass().totalRepairs() > 0 ? 2 : 1;
        Reading before = costs.now();
        List<PassResult> rest = new ArrayList<>();
        for (int i = 3; i <= passes; i++) {
          PassResult pass = periodic(reconciler);
          rest.add(pass);
          add(found, pass);
          if (pass.totalRepairs() > 0) {
            lastRepairing = i;
          }
        }
        Reading spent = costs.now().minus(before);
        rows.addMany("periodic passes 3–" + passes + " (average)", rest, spent);
        if (finalFull) {
          rows.add("full pass (after the period)", measure(costs, () -> full(reconciler)));
        }
        report.table(PassRows.FOUND_HEADER, rows.found());
        report.table(PassRows.COST_HEADER, rows.costs());
        report.paragraph(
            ReconcileFindings.verdict(
                injected, found, lastRepairing, passes, rows.lastFullRepairs(finalFull)));
        report.paragraph(rows.share(spent.per(passes - 2), idle));
        report.paragraph(ReconcileFindings.markerSizes(postgres));
        report.paragraph(rows.howComputed(passes));
      }
    }
  }

  private static void add(Map<RepairKind, Long> found, PassResult pass) {
    pass.repairs().forEach((kind, n) -> found.merge(kind, n, Long::sum));
  }

  private ConfigurableApplicationContext startApp(
      BenchmarkPostgres postgres, BenchmarkRedis redis, BenchmarkKafka kafka) {
    return SchedulerLauncher.start(
        postgres,
        redis,
        kafka,
        Map.of(
            "cmp.polling.scheduler.enabled",
            false,
            "cmp.polling.scheduler.initializer.pause",
            "0s",
            // Passes are run by the benchmark, back to back, not by the timer.
            "cmp.polling.scheduler.reconciler.enabled",
            false,
            "cmp.polling.scheduler.reconciler.interval",
            interval.toString(),
            "cmp.polling.scheduler.reconciler.sweep-period",
            sweepPeriod.toString(),
            // The cards and configs were written a moment ago: nothing is left as recent.
            "cmp.polling.scheduler.reconciler.settle",
            "0s"));
  }

  /** What each process spends while nothing runs, per second: the passes' share is the rest. */
  private static Reading idleRate(ProcessCosts costs) throws InterruptedException {
    Reading start = costs.now();
    TimeUnit.MILLISECONDS.sleep(IDLE.toMillis());
    return costs.now().minus(start).rate();
  }

  /** A pass and what it cost. */
  record Measured(PassResult pass, Reading spent) {}

  private interface PassCall {
    PassResult run();
  }

  private static Measured measure(ProcessCosts costs, PassCall call) {
    Reading before = costs.now();
    PassResult pass = call.run();
    return new Measured(pass, costs.now().minus(before));
  }

  private static PassResult full(Reconciler reconciler) {
    return completed(reconciler.runNow("benchmark"));
  }

  private static PassResult periodic(Reconciler reconciler) {
    return completed(reconciler.runPeriodicNow("benchmark"));
  }

  private static PassResult completed(PassResult pass) {
    if (pass.outcome() != PassResult.Outcome.COMPLETED) {
      throw new IllegalStateException("the pass did not complete: " + pass.note());
    }
    return pass;
  }

  private static InitProgress awaitInitialization(ConfigurableApplicationContext app)
      throws InterruptedException {
    InitProgressStore progress = app.getBean(InitProgressStore.class);
    while (true) {
      var current = progress.read();
      if (current.isPresent() && current.get().completed()) {
        // The initializer records its completion a moment before it gives its lock back.
        TimeUnit.SECONDS.sleep(1);
        return current.get();
      }
      TimeUnit.MILLISECONDS.sleep(200);
    }
  }

  private static Duration duration(Options options, String name, String fallback) {
    return DurationStyle.detectAndParse(options.strings(name, List.of(fallback)).get(0));
  }

  /** "5 min", "24 h", "90 s". */
  static String words(Duration duration) {
    if (duration.toSeconds() % 3600 == 0) {
      return duration.toHours() + " h";
    }
    return duration.toSeconds() % 60 == 0
        ? duration.toMinutes() + " min"
        : duration.toSeconds() + " s";
  }

  private static double seconds(long nanos) {
    return Math.round(nanos / 1e7) / 100.0;
  }
}
