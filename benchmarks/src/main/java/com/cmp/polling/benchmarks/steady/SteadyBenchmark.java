package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.infra.AppArguments;
import com.cmp.polling.benchmarks.infra.AppProcess;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.handlers.HandlersApplication;
import com.cmp.polling.operator.OperatorApplication;
import com.cmp.polling.scheduler.SchedulerApplication;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The target scale in its steady state (issue #15): {@code --cards} cards (default 10 M) enrolled
 * by the scheduler's initializer, intervals chosen so that the fleet comes due at {@code
 * --checks-per-second} (default 300: what this 2-core box sustains beside the servers, see
 * docs/benchmarks.md), the scheduler and the check handlers each in a JVM of its own with their
 * default settings (only where the servers and the gateway are), the gateway simulator answering
 * after {@code --latency-ms} (default 20). Once the initializer is done, {@code --minutes} (default
 * 10) are measured: lateness of checks (due → settled), the overdue backlog over time, duplicate
 * carrier calls, rounds held back, Redis memory, heaps, CPU per check.
 */
public final class SteadyBenchmark {

  private static final Logger log = LoggerFactory.getLogger(SteadyBenchmark.class);

  /**
   * How far back the handlers' max gauge may reach. The Prometheus registry keeps a max as a ring
   * of three buckets rotated every step (Spring Boot's {@code
   * management.prometheus.metrics.export.step}, 1 min, which the apps keep): a reading holds every
   * check settled in the last two to three minutes, the phase depending on when the timer was
   * created.
   */
  static final Duration MAX_GAUGE_REACH = Duration.ofMinutes(3);

  private final SteadyFleet fleet;
  private final int minutes;
  private final int sampleSeconds;
  private final int latencyMs;

  public SteadyBenchmark(Options options) {
    this.fleet =
        new SteadyFleet(
            options.integer("cards", 10_000_000), options.integer("checks-per-second", 300));
    this.minutes = options.integer("minutes", 10);
    this.sampleSeconds = options.integer("sample-seconds", 20);
    this.latencyMs = options.integer("latency-ms", 20);
  }

  public void run(Report report) throws Exception {
    Path logs = Files.createTempDirectory("cmp-bench-steady");
    try (BenchmarkPostgres postgres = BenchmarkPostgres.start();
        BenchmarkRedis redis = BenchmarkRedis.start(0);
        BenchmarkKafka kafka = BenchmarkKafka.start("1g");
        RunningSimulator simulator = GatewaySimulator.start()) {
      long seedStart = System.nanoTime();
      fleet.seed(postgres);
      double seedSeconds = (System.nanoTime() - seedStart) / 1e9;
      log.info("{} cards seeded in {} s", fleet.cards(), Math.round(seedSeconds));
      simulator.control().configure(Behaviour.none().withLatencyMs(latencyMs));
      Map<String, Object> servers = AppArguments.onServers(postgres, redis, kafka);
      servers.put("cmp.polling.gateway.base-url", simulator.baseUrl());
      Map<String, Object> operatorSettings = new LinkedHashMap<>(servers);
      operatorSettings.put("cmp.polling.operator.admin.token", SteadyProbes.TOKEN);
      try (AppProcess scheduler =
              AppProcess.start(
                  "scheduler-service",
                  SchedulerApplication.class.getName(),
                  "512m",
                  servers,
                  logs.resolve("scheduler.log"));
          AppProcess operator =
              AppProcess.start(
                  "operator-service",
                  OperatorApplication.class.getName(),
                  "512m",
                  operatorSettings,
                  logs.resolve("operator.log"));
          AppProcess handlers =
              AppProcess.start(
                  "check-handlers",
                  HandlersApplication.class.getName(),
                  "1g",
                  servers,
                  logs.resolve("handlers.log"))) {
        scheduler.awaitUp(Duration.ofMinutes(3));
        operator.awaitUp(Duration.ofMinutes(3));
        handlers.awaitUp(Duration.ofMinutes(3));
        SteadyProbes probes =
            new SteadyProbes(scheduler, operator, handlers, redis, postgres, kafka);
        measure(report, probes, redis, simulator, scheduler, handlers, seedSeconds);
      }
    }
  }

  private void measure(
      Report report,
      SteadyProbes probes,
      BenchmarkRedis redis,
      RunningSimulator simulator,
      AppProcess scheduler,
      AppProcess handlers,
      double seedSeconds)
      throws Exception {
    InitProgressStore progress = new InitProgressStore(redis.template());
    List<Sample> samples = new ArrayList<>();
    Instant appsUp = Instant.now();
    Snapshot atStart = probes.snapshot();
    Snapshot previous = atStart;
    InitProgress init;
    while (true) {
      requireAlive(scheduler, handlers);
      var current = progress.read();
      if (current.isPresent() && current.get().completed()) {
        init = current.get();
        break;
      }
      TimeUnit.SECONDS.sleep(sampleSeconds);
      Snapshot now = probes.snapshot();
      samples.add(probes.sample(appsUp, previous, now));
      previous = now;
    }
    // Samples taken while the initializer ran are placed before the window, relative to its start.
    Instant windowStart = Instant.now();
    long initSeconds = Duration.between(appsUp, windowStart).toSeconds();
    samples.replaceAll(sample -> sample.earlier(initSeconds));
    // Counted from here: a card called before the window and again in it is not a duplicate.
    simulator.control().reset();
    simulator.control().configure(Behaviour.none().withLatencyMs(latencyMs));
    Snapshot start = probes.snapshot();
    // The histogram counts from the start snapshot's scrape, which is over by now.
    Instant counting = Instant.now();
    log.info(
        "initializer done ({} cards); measuring the steady state for {} min",
        init.processed(),
        minutes);
    previous = start;
    Map<String, Double> maxLateness = new TreeMap<>();
    Instant end = windowStart.plus(Duration.ofMinutes(minutes));
    while (Instant.now().isBefore(end)) {
      requireAlive(scheduler, handlers);
      TimeUnit.SECONDS.sleep(sampleSeconds);
      Snapshot now = probes.snapshot();
      samples.add(probes.sample(windowStart, previous, now));
      // Only readings that cannot reach back before the histogram's start: earlier ones may hold
      // checks settled while the initializer ran, which the window's other figures leave out.
      if (!now.at().isBefore(counting.plus(MAX_GAUGE_REACH))) {
        SteadyProbes.keepMaxLateness(now, maxLateness);
      }
      previous = now;
    }
    new SteadyReport(fleet, latencyMs, report)
        .write(
            new SteadyReport.Run(
                seedSeconds,
                init,
                atStart,
                start,
                previous,
                samples,
                maxLateness,
                simulator.control().callSummary(),
                CacheFigures.read(redis, fleet.cards())));
  }

  private static void requireAlive(AppProcess... apps) {
    for (AppProcess app : apps) {
      if (!app.isAlive()) {
        throw new IllegalStateException("an app exited during the run, see " + app.logFile());
      }
    }
  }
}
