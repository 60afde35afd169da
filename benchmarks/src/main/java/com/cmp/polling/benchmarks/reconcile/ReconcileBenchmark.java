package com.cmp.polling.benchmarks.reconcile;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.benchmarks.infra.CpuUse;
import com.cmp.polling.benchmarks.infra.SchedulerLauncher;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.reconcile.Reconciler;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.status.lag.ConsumerLag;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.RepairKind;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The queue reconciler (issue 19) over {@code --cards} cards (default 1 M): the scheduler app
 * in-process, its initializer filling the queues, then {@code --damage} entries of each kind broken
 * by hand in Redis (checks deleted, entries of cards that are not polled or do not exist, entries
 * under a task type the card's config does not have), one pass that must find exactly those, and a
 * second pass over the repaired fleet that must find nothing.
 */
public final class ReconcileBenchmark {

  /** Cards of this carrier get a config without package checks. */
  private static final long CARRIER_WITHOUT_PACKAGE = 3;

  private final int cards;
  private final int damage;

  public ReconcileBenchmark(Options options) {
    this.cards = options.integer("cards", 1_000_000);
    this.damage = options.integer("damage", 1_000);
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
      report.paragraph(
          "Servers: embedded PostgreSQL 14, "
              + redis.describe()
              + ", Kafka 4.1 broker in a child JVM (-Xmx512m). "
              + number(cards)
              + " cards inserted in "
              + seconds(System.nanoTime() - seedStart)
              + " s (a tenth in devices, a twentieth with polling disabled, a third unverified;"
              + " carrier 3's cards under a config without package checks). Benchmark JVM max"
              + " heap: "
              + Runtime.getRuntime().maxMemory() / (1024 * 1024)
              + " MiB.");
      try (ConfigurableApplicationContext app = startApp(postgres, redis, kafka)) {
        InitProgress init = awaitInitialization(app);
        report.paragraph(
            "Queues filled by the initializer: "
                + number(init.processed())
                + " cards in "
                + Duration.between(init.startedAt(), init.updatedAt()).toMillis() / 1000.0
                + " s; "
                + number(entries(redis.template()))
                + " queue entries; Redis uses "
                + redis.usedMemory() / (1024 * 1024)
                + " MiB.");
        QueueDamage.Damage injected =
            QueueDamage.inject(redis.template(), cards, damage, CARRIER_WITHOUT_PACKAGE);
        report.paragraph(
            "Damage written straight into Redis: "
                + number(injected.missing())
                + " carddata entries of polled cards deleted (missing), "
                + number(injected.stray())
                + " entries of cards not polled or without a row (stray: half realname entries"
                + " of cards with polling off, scheduled a day ahead; half package entries of ids"
                + " beyond the last card, due), "
                + number(injected.wrongType())
                + " package entries two hours ahead for carrier 3's cards (wrong_type).");
        // A fresh broker creates its offsets topic at the first group lookup (seconds): done
        // once here, so that the first pass's measure of the change stream's lag does not wait.
        app.getBean(ConsumerLag.class)
            .ofGroup(Topics.LIFECYCLE_GROUP, List.of(Topics.LIFECYCLE.name()));
        Reconciler reconciler = app.getBean(Reconciler.class);
        List<List<String>> found = new ArrayList<>();
        List<List<String>> costs = new ArrayList<>();
        PassResult first = measured(reconciler, redis, "damaged fleet", found, costs);
        PassResult second = measured(reconciler, redis, "repaired fleet", found, costs);
        report.table(
            List.of(
                "pass",
                "cards read",
                "entries scanned",
                "looked at again",
                "missing",
                "stray",
                "wrong_type",
                "skipped"),
            found);
        report.table(
            List.of(
                "pass",
                "took",
                "PostgreSQL",
                "Redis",
                "planning",
                "pauses",
                "JVM CPU",
                "redis-server CPU",
                "machine busy",
                "heap peak"),
            costs);
        boolean foundAll =
            first.repaired(RepairKind.MISSING) == injected.missing()
                && first.repaired(RepairKind.STRAY) == injected.stray()
                && first.repaired(RepairKind.WRONG_TYPE) == injected.wrongType();
        report.paragraph(
            "Found all the damage: **"
                + (foundAll ? "yes" : "no")
                + "** (repaired "
                + first.repairs()
                + " against "
                + injected
                + "); the second pass repaired "
                + second.totalRepairs()
                + " entries. Each pass read the "
                + number(first.cardsRead())
                + " live cards once, in pages of 20 000, and scanned every queue entry once,"
                + " resting 100 ms after each full page and chunk (the defaults). Time in"
                + " PostgreSQL and Redis is wall time around the calls (the servers' work, the"
                + " wait for them and the parsing of their answers); CPU is what the processes"
                + " used.");
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
            "cmp.polling.scheduler.enabled",
            false,
            "cmp.polling.scheduler.initializer.pause",
            "0s",
            // Passes are run by the benchmark, not by the timer.
            "cmp.polling.scheduler.reconciler.enabled",
            false,
            // The cards and configs were written a moment ago: nothing is left as recent.
            "cmp.polling.scheduler.reconciler.settle",
            "0s"));
  }

  private static InitProgress awaitInitialization(ConfigurableApplicationContext app)
      throws InterruptedException {
    InitProgressStore progress = app.getBean(InitProgressStore.class);
    while (true) {
      var current = progress.read();
      if (current.isPresent() && current.get().completed()) {
        return current.get();
      }
      TimeUnit.MILLISECONDS.sleep(200);
    }
  }

  /**
   * One pass, with the JVM's CPU, redis-server's CPU and the JVM's heap (sampled every 20 ms); a
   * row of each table.
   */
  private static PassResult measured(
      Reconciler reconciler,
      BenchmarkRedis redis,
      String name,
      List<List<String>> found,
      List<List<String>> costs)
      throws InterruptedException {
    var memory = ManagementFactory.getMemoryMXBean();
    System.gc();
    AtomicLong peak = new AtomicLong(memory.getHeapMemoryUsage().getUsed());
    Thread sampler =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                  TimeUnit.MILLISECONDS.sleep(20);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "heap-sampler");
    sampler.setDaemon(true);
    sampler.start();
    double redisCpuBefore = redisCpuSeconds(redis);
    CpuUse before = CpuUse.now(thread -> thread.equals("heap-sampler"));
    PassResult pass = reconciler.runNow("benchmark");
    CpuUse after = CpuUse.now(thread -> thread.equals("heap-sampler"));
    double redisCpu = redisCpuSeconds(redis) - redisCpuBefore;
    sampler.interrupt();
    sampler.join();
    if (pass.outcome() != PassResult.Outcome.COMPLETED) {
      throw new IllegalStateException("the pass did not complete: " + pass.note());
    }
    found.add(
        List.of(
            name,
            number(pass.cardsRead()),
            number(pass.entriesScanned()),
            number(pass.cardsLookedAt()),
            number(pass.repaired(RepairKind.MISSING)),
            number(pass.repaired(RepairKind.STRAY)),
            number(pass.repaired(RepairKind.WRONG_TYPE)),
            number(pass.skipped().values().stream().mapToLong(Long::longValue).sum())));
    costs.add(
        List.of(
            name,
            seconds(pass.took()),
            seconds(pass.postgres()),
            seconds(pass.redis()),
            seconds(pass.planning()),
            seconds(pass.rested()),
            String.format("%.2f s", after.ownMillisSince(before) / 1000.0),
            String.format("%.2f s", redisCpu),
            String.format("%.0f %%", after.machineBusyPercentSince(before)),
            peak.get() / (1024 * 1024) + " MiB"));
    return pass;
  }

  private static double redisCpuSeconds(BenchmarkRedis redis) {
    var cpu = redis.info("cpu");
    return Double.parseDouble(cpu.getProperty("used_cpu_user"))
        + Double.parseDouble(cpu.getProperty("used_cpu_sys"));
  }

  private static String seconds(Duration duration) {
    return String.format("%.2f s", duration.toMillis() / 1000.0);
  }

  private static long entries(StringRedisTemplate redis) {
    long total = 0;
    for (TaskType type : TaskType.values()) {
      for (int shard = 0; shard < 16; shard++) {
        Long size = redis.opsForZSet().zCard(RedisKeys.shardQueue(shard, type));
        total += size == null ? 0 : size;
      }
    }
    return total;
  }

  private static double seconds(long nanos) {
    return Math.round(nanos / 1e7) / 100.0;
  }
}
