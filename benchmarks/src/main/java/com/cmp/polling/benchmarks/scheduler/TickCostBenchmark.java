package com.cmp.polling.benchmarks.scheduler;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.benchmarks.infra.SchedulerLauncher;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What one scheduling tick costs when few or no cards are due: the scheduler app (production
 * defaults, the reconciler and package triggers off) over a fleet of {@code --cards} cards queued
 * in the future, with consumers in the handlers' groups that only commit (so back-pressure sees
 * healthy handlers and no completion touches Redis), then {@code --seconds} at each due rate of
 * {@code --rates} (cards per second coming due in the carddata queues). Per tick: Redis commands by
 * name (INFO commandstats), Redis and Kafka broker CPU, the scheduler JVM's CPU, and the requests
 * of the scheduler's Kafka clients (their {@code request-total}).
 */
public final class TickCostBenchmark {

  private final int cards;
  private final List<Integer> rates;
  private final int seconds;
  private final boolean monitoring;

  public TickCostBenchmark(Options options) {
    this.cards = options.integer("cards", 100_000);
    this.rates = options.integers("rates", List.of(0, 20));
    this.seconds = options.integer("seconds", 60);
    this.monitoring = options.flag("monitoring");
  }

  public void run(Report report) throws Exception {
    try (BenchmarkPostgres postgres = BenchmarkPostgres.start();
        BenchmarkRedis redis = BenchmarkRedis.start(0);
        BenchmarkKafka kafka = BenchmarkKafka.start("512m");
        ConfigurableApplicationContext app =
            SchedulerLauncher.start(
                postgres,
                redis,
                kafka,
                Map.of("cmp.polling.scheduler.monitoring.enabled", monitoring));
        CommittingConsumers consumers = new CommittingConsumers(kafka)) {
      report.heading("Scheduler tick at low rates: " + number(cards) + " cards queued");
      var queues = app.getBean(PollingQueueManager.class);
      Instant later = Instant.now().plusSeconds(3600);
      fill(queues, 1, cards, i -> later.plusMillis(i % 3_600_000));
      // Warm-up: the loop, the producer and back-pressure's first measures settle.
      TimeUnit.SECONDS.sleep(15);
      report.paragraph(
          "Servers: embedded PostgreSQL 14, "
              + redis.describe()
              + ", Kafka 4.1 broker in a child JVM. The scheduler app in this JVM with its"
              + " production defaults (tick 1 s, 16 shards, back-pressure on), the reconciler and"
              + " package triggers off, the fleet snapshot "
              + (monitoring ? "on (every 5 s)" : "off")
              + "; "
              + number(cards)
              + " realname, carddata and package entries due in 1-2 h; one consumer per task"
              + " topic in the handlers' group, committing each poll and writing nothing to Redis.");
      List<List<String>> rows = new ArrayList<>();
      long nextId = cards + 1L;
      for (int rate : rates) {
        int due = rate * seconds;
        Instant start = Instant.now().plusSeconds(2);
        fill(queues, nextId, due, i -> start.plusNanos(1_000_000_000L * i / Math.max(1, rate)));
        nextId += due;
        TimeUnit.SECONDS.sleep(2);
        TickSample before = TickSample.take(app.getBean(MeterRegistry.class), redis, kafka);
        TimeUnit.SECONDS.sleep(seconds);
        TickSample after = TickSample.take(app.getBean(MeterRegistry.class), redis, kafka);
        rows.addAll(after.rowsSince(before, rate));
      }
      report.table(List.of("due/s", "per tick", "value"), rows);
    }
  }

  private interface DueTime {
    Instant of(long index);
  }

  private static void fill(PollingQueueManager queues, long firstId, int count, DueTime due) {
    List<ScheduledCheck> batch = new ArrayList<>(30_000);
    for (long i = 0; i < count; i++) {
      long card = firstId + i;
      Instant at = due.of(i);
      if (firstId == 1) {
        for (TaskType type : List.of(TaskType.REALNAME, TaskType.CARDDATA, TaskType.PACKAGE)) {
          batch.add(new ScheduledCheck(card, type, at));
        }
      } else {
        batch.add(new ScheduledCheck(card, TaskType.CARDDATA, at));
      }
      if (batch.size() >= 30_000) {
        queues.requeueAll(batch);
        batch.clear();
      }
    }
    if (!batch.isEmpty()) {
      queues.requeueAll(batch);
    }
  }
}
