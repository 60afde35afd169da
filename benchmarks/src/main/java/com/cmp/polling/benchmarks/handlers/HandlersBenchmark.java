package com.cmp.polling.benchmarks.handlers;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.infra.AppArguments;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.benchmarks.infra.CpuUse;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.handlers.HandlersApplication;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.simulator.behaviour.Behaviour;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One handlers instance working through {@code --tasks} carddata tasks (default 20 000) against the
 * gateway simulator answering after {@code --latency-ms} (default 20), for each number of check
 * workers in {@code --workers} (default 16,64,128): checks per second, end to end (task read,
 * gateway call, month accounting, package deduction, StopResumeService, completion).
 */
public final class HandlersBenchmark {

  // The simulator's Tomcat pool; the handlers app's own Tomcat serves nothing during a run.
  private static final Predicate<String> SIMULATOR_THREADS = name -> name.startsWith("http-nio");

  private final int tasks;
  private final int latencyMs;
  private final List<Integer> workerCounts;

  public HandlersBenchmark(Options options) {
    this.tasks = options.integer("tasks", 20_000);
    this.latencyMs = options.integer("latency-ms", 20);
    this.workerCounts = options.integers("workers", List.of(16, 64, 128));
  }

  public void run(Report report) throws Exception {
    try (BenchmarkPostgres postgres = BenchmarkPostgres.start();
        BenchmarkRedis redis = BenchmarkRedis.start(0);
        BenchmarkKafka kafka = BenchmarkKafka.start("1g");
        RunningSimulator simulator = GatewaySimulator.start()) {
      postgres.seedSteadyCards(tasks);
      // Created (and led) before any app starts, so the first run is not spent on elections.
      kafka.createTopic(Topics.TASK_CARDDATA_NAME, 16);
      simulator
          .control()
          .configure(
              Behaviour.none().withLatencyMs(latencyMs).withUsageGrowthMbPerQuery(BigDecimal.ONE));
      report.heading("Check handlers: " + number(tasks) + " carddata checks per run");
      report.paragraph(
          "Gateway simulator in the same JVM answering after "
              + latencyMs
              + " ms; embedded"
              + " PostgreSQL 14, "
              + redis.describe()
              + ", Kafka 4.1 broker in a child JVM; one"
              + " handlers instance, 4 consumers on 16 partitions, no rate limit. Cards real-name"
              + " verified with an active package (one in ten shares its device's). Each check: task"
              + " decoded, card cache, shared permit, gateway usage query, month accounting and"
              + " package deduction in one transaction, StopResumeService, completion.");
      // One unmeasured run first: the JIT compilers take much of two cores for the first tens
      // of thousands of checks, which would otherwise weigh on the first row alone.
      List<String> warmUp = runWith(workerCounts.get(0), postgres, redis, kafka, simulator);
      List<List<String>> rows = new ArrayList<>();
      for (int workers : workerCounts) {
        rows.add(runWith(workers, postgres, redis, kafka, simulator));
      }
      report.table(
          List.of(
              "check workers",
              "checks/s",
              "mean check ms",
              "max check ms",
              "machine CPU busy",
              "handlers CPU ms per check",
              "checks/s per core at that cost"),
          rows);
      report.paragraph(
          "Handlers CPU is this JVM's CPU time (application threads, JIT, GC) minus the"
              + " simulator's Tomcat threads, divided by the checks handled; PostgreSQL, Redis and"
              + " the Kafka broker are other processes and are not counted. The last column is"
              + " what one core fully given to the handlers would sustain at that cost. Before"
              + " the measured runs, one unmeasured warm-up run of the same checks with "
              + warmUp.get(0)
              + " workers ("
              + warmUp.get(1)
              + " checks/s, "
              + warmUp.get(5)
              + " ms of handlers CPU per check).");
    }
  }

  private List<String> runWith(
      int workers,
      BenchmarkPostgres postgres,
      BenchmarkRedis redis,
      BenchmarkKafka kafka,
      RunningSimulator simulator)
      throws Exception {
    try (ConfigurableApplicationContext app =
        startApp(workers, postgres, redis, kafka, simulator)) {
      MeterRegistry meters = app.getBean(MeterRegistry.class);
      PollingQueueManager queues = app.getBean(PollingQueueManager.class);
      double before = checks(meters);
      List<ScheduledCheck> leased = new ArrayList<>(tasks);
      Instant now = Instant.now();
      for (long card = 1; card <= tasks; card++) {
        leased.add(new ScheduledCheck(card, TaskType.CARDDATA, now.plusSeconds(300)));
      }
      queues.requeueAll(leased);
      CpuUse cpuBefore = CpuUse.now(SIMULATOR_THREADS);
      long started = System.nanoTime();
      publish(kafka, now);
      while (checks(meters) - before < tasks
          && System.nanoTime() - started < TimeUnit.MINUTES.toNanos(10)) {
        TimeUnit.MILLISECONDS.sleep(50);
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      CpuUse cpuAfter = CpuUse.now(SIMULATOR_THREADS);
      double handled = checks(meters) - before;
      double cpuMillisPerCheck = cpuAfter.ownMillisSince(cpuBefore) / handled;
      var timer =
          meters.find("polling.handlers.check_duration").tag("task_type", "carddata").timer();
      return List.of(
          Integer.toString(workers),
          number(handled / seconds),
          timer == null ? "?" : String.format("%.1f", timer.mean(TimeUnit.MILLISECONDS)),
          timer == null ? "?" : String.format("%.0f", timer.max(TimeUnit.MILLISECONDS)),
          String.format("%.0f %%", cpuAfter.machineBusyPercentSince(cpuBefore)),
          String.format("%.2f", cpuMillisPerCheck),
          number(1000 / cpuMillisPerCheck));
    }
  }

  private void publish(BenchmarkKafka kafka, Instant now) throws Exception {
    PayloadCodec codec = new PayloadCodec();
    try (KafkaProducer<String, byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers(),
                ProducerConfig.LINGER_MS_CONFIG,
                5),
            new StringSerializer(),
            new ByteArraySerializer())) {
      for (long card = 1; card <= tasks; card++) {
        CheckTask task = new CheckTask(card, TaskType.CARDDATA, now, now, false);
        producer.send(
            new ProducerRecord<>(
                Topics.TASK_CARDDATA_NAME, task.key(), codec.encode(Topics.TASK_CARDDATA, task)));
      }
      producer.flush();
    }
  }

  private static double checks(MeterRegistry meters) {
    return meters.find("polling.handlers.checks").tag("task_type", "carddata").counters().stream()
        .mapToDouble(c -> c.count())
        .sum();
  }

  private ConfigurableApplicationContext startApp(
      int workers,
      BenchmarkPostgres postgres,
      BenchmarkRedis redis,
      BenchmarkKafka kafka,
      RunningSimulator simulator) {
    Map<String, Object> properties = AppArguments.onServers(postgres, redis, kafka);
    properties.put("spring.datasource.hikari.maximum-pool-size", Math.min(workers, 40));
    properties.put("cmp.polling.gateway.base-url", simulator.baseUrl());
    properties.put("cmp.polling.handlers.worker-threads", workers);
    String[] args = AppArguments.of(properties);
    return new SpringApplicationBuilder(HandlersApplication.class).run(args);
  }
}
