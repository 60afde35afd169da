package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.infra.AppArguments;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.simulator.behaviour.Behaviour;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The target scale in its steady state, on the whole pipeline: {@code --cards} cards (default 10
 * M), the apps of {@link PipelineApps} (scheduler, check handlers, lifecycle listener with its
 * change stream) each in a JVM of its own with their default settings, the gateway simulator
 * answering after {@code --latency-ms} (default 20). Either one window at a fixed rate ({@code
 * --checks-per-second}, default 300, for {@code --minutes}) or {@code --find-max}: the idle
 * baseline, then the due rate raised step by step through the polling configs until a rate does not
 * hold ({@link RateSearch}). See {@link SteadyOptions} for every option.
 */
public final class SteadyBenchmark {

  private static final Logger log = LoggerFactory.getLogger(SteadyBenchmark.class);

  /** Enrolment and the listener's first snapshot at 10 M cards take a quarter of an hour here. */
  private static final Duration READY_WITHIN = Duration.ofHours(2);

  private final SteadyOptions options;
  private final SteadyFleet fleet;

  public SteadyBenchmark(Options options) {
    this.options = SteadyOptions.parse(options);
    this.fleet = new SteadyFleet(this.options.cards());
  }

  public void run(Report report) throws Exception {
    Path logs = Files.createTempDirectory("cmp-bench-steady");
    log.info("the apps' output goes to {}", logs);
    try (BenchmarkPostgres postgres = BenchmarkPostgres.start();
        BenchmarkRedis redis = BenchmarkRedis.start(0);
        BenchmarkKafka kafka = BenchmarkKafka.start("1g");
        RunningSimulator simulator = GatewaySimulator.start()) {
      int seededRate = options.seedsIdle() ? 0 : options.checksPerSecond();
      long seedStart = System.nanoTime();
      fleet.seed(postgres, seededRate);
      double seedSeconds = (System.nanoTime() - seedStart) / 1e9;
      log.info("{} cards seeded in {} s", fleet.cards(), Math.round(seedSeconds));
      Behaviour behaviour = Behaviour.none().withLatencyMs(options.latencyMs());
      simulator.control().configure(behaviour);
      Map<String, Object> servers = AppArguments.onServers(postgres, redis, kafka);
      servers.put("cmp.polling.gateway.base-url", simulator.baseUrl());
      try (PipelineApps apps = PipelineApps.start(servers, logs);
          ChangeStream changeStream = new ChangeStream(kafka)) {
        SteadyProbes probes = new SteadyProbes(apps, redis, postgres, kafka, changeStream);
        PipelineReady.Ready ready =
            new PipelineReady(probes, apps, redis, postgres, changeStream, fleet.cards())
                .await(options.sampleEvery(), READY_WITHIN);
        Setup setup =
            new Setup(
                fleet,
                seededRate,
                seedSeconds,
                ready,
                apps.describe(),
                redis.describe(),
                options.latencyMs());
        try (ManualChecks manual = manualChecks(apps, postgres, simulator, kafka)) {
          WindowRunner windows =
              new WindowRunner(
                  probes, apps, simulator.control(), behaviour, redis, options, manual);
          measure(report, setup, ready, windows, postgres, apps);
        }
      }
    }
  }

  private void measure(
      Report report,
      Setup setup,
      PipelineReady.Ready ready,
      WindowRunner windows,
      BenchmarkPostgres postgres,
      PipelineApps apps)
      throws Exception {
    Window idle = null;
    if (!options.idle().isZero()) {
      // What the first start leaves behind (the snapshot's last records, its compactions) settles.
      apps.await(options.warmUp());
      idle =
          windows.measure(
              0,
              fleet.intervals(0),
              null,
              options.warmUp(),
              options.idle(),
              List.of(),
              Instant.now());
    }
    RateSearch search =
        new RateSearch(
            options,
            fleet,
            postgres,
            new ReenrollmentWatch(apps.listener().logFile()),
            windows,
            apps);
    if (options.findMax()) {
      new FindMaxReport(report, options, setup, search.ladder()).write(idle, search.run());
      return;
    }
    int rate = options.checksPerSecond();
    Window window =
        options.seedsIdle()
            ? search.measureAt(rate, options.firstWarmUp())
            : windows.measure(
                rate,
                fleet.intervals(rate),
                null,
                Duration.ZERO,
                options.window(),
                ready.samples(),
                ready.appsUp().at());
    new SteadyReport(report, options, setup).write(idle, window);
  }

  private ManualChecks manualChecks(
      PipelineApps apps,
      BenchmarkPostgres postgres,
      RunningSimulator simulator,
      BenchmarkKafka kafka) {
    if (options.manualEvery().isZero()) {
      return null;
    }
    return new ManualChecks(
        apps.named(options.manualApp()),
        options.manualPath(),
        options.manualType(),
        postgres.jdbc(),
        simulator.control(),
        kafka,
        fleet.cards());
  }
}
