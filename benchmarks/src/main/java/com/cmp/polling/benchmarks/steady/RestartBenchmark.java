package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.infra.AppArguments;
import com.cmp.polling.benchmarks.infra.AppProcess;
import com.cmp.polling.benchmarks.infra.BenchmarkKafka;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.benchmarks.infra.ChildJvm;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.simulator.behaviour.Behaviour;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code restart}: one app of the running pipeline killed (SIGKILL, as a crash) and started again
 * at once, as an orchestrator restarts a container, while the others run on; for each app, each
 * round: from the kill to its readiness probe's UP, and to its first piece of work (see {@link
 * RestartWork}). Each round starts once the checks flow and the change stream has caught up (a card
 * inserted then reaches its queue), so that a round times the restart, not a backlog. With {@code
 * --cds true} each app first runs once to write a class-data sharing archive of the classes it
 * loaded (stopped cleanly: the JVM writes it at exit), and every restart maps that archive.
 */
public final class RestartBenchmark {

  private static final Logger log = LoggerFactory.getLogger(RestartBenchmark.class);
  private static final Duration WITHIN = Duration.ofMinutes(3);

  /** At 10 M cards the listener's first snapshot leaves 10 M records for the topology. */
  private static final Duration CATCH_UP_WITHIN = Duration.ofMinutes(20);

  private final int cards;
  private final int checksPerSecond;
  private final int rounds;
  private final List<String> labels;
  private final boolean cds;
  private final boolean extracted;
  private final Path appJars;

  public RestartBenchmark(Options options) {
    this.cards = options.integer("cards", 20_000);
    this.checksPerSecond = options.integer("checks-per-second", 200);
    this.rounds = options.integer("rounds", 2);
    this.labels =
        Arrays.asList(
            options
                .values()
                .getOrDefault("apps", "handlers,scheduler,listener,operator")
                .split(","));
    this.cds = Boolean.parseBoolean(options.values().getOrDefault("cds", "false"));
    this.extracted =
        cds || Boolean.parseBoolean(options.values().getOrDefault("extracted", "false"));
    String jars = options.values().get("app-jars");
    this.appJars = jars == null ? null : Path.of(jars);
  }

  public void run(Report report) throws Exception {
    Path logs = Files.createTempDirectory("cmp-bench-restart");
    log.info("the apps' output goes to {}", logs);
    SteadyFleet fleet = new SteadyFleet(cards);
    try (BenchmarkPostgres postgres = BenchmarkPostgres.start();
        BenchmarkRedis redis = BenchmarkRedis.start(0);
        BenchmarkKafka kafka = BenchmarkKafka.start("1g");
        RunningSimulator simulator = GatewaySimulator.start()) {
      fleet.seed(postgres, checksPerSecond);
      simulator.control().configure(Behaviour.none().withLatencyMs(20));
      Map<String, Object> servers = AppArguments.onServers(postgres, redis, kafka);
      servers.put("cmp.polling.gateway.base-url", simulator.baseUrl());
      PipelineApps.Launch launch = ChildJvm::of;
      if (appJars != null) {
        launch = AppJars.launch(appJars, extracted, logs.resolve("extracted"));
      } else if (extracted) {
        Path lib = ChildJvm.extract(logs.resolve("extracted"));
        launch = (mainClass, heap) -> ChildJvm.extracted(lib, mainClass, heap);
      }
      try (PipelineApps apps = PipelineApps.start(servers, logs)) {
        RestartWork work = new RestartWork(simulator.control(), postgres, redis);
        work.awaitChecking(WITHIN);
        List<List<String>> rows = new ArrayList<>();
        for (String label : labels) {
          PipelineApps.Launch restarts = cds ? CdsArchive.train(apps, label, launch, logs) : launch;
          for (int round = 1; round <= rounds; round++) {
            work.awaitChecking(WITHIN);
            log.info(
                "change stream caught up before {} round {}: a new card queued in {}",
                label,
                round,
                work.awaitChangeStreamCaughtUp(CATCH_UP_WITHIN));
            RestartTimes times = restart(apps, label, restarts, round, work);
            log.info("{} round {}: {}", label, round, times);
            rows.add(times.row(label, round));
          }
        }
        write(report, rows);
      }
    }
  }

  private static RestartTimes restart(
      PipelineApps apps, String label, PipelineApps.Launch launch, int round, RestartWork work)
      throws Exception {
    AppProcess killed = apps.byLabel().get(label);
    RestartWork.Probe probe = work.probeFor(label);
    long killedAt = System.nanoTime();
    killed.kill();
    probe.afterKill();
    AppProcess fresh = apps.relaunch(label, launch, "round-" + round);
    Double ready = null;
    Double working = null;
    long deadline = killedAt + WITHIN.toNanos();
    while ((ready == null || working == null) && System.nanoTime() < deadline) {
      if (!fresh.isAlive()) {
        throw new IllegalStateException(
            label + " exited after its restart, see " + fresh.logFile());
      }
      double since = (System.nanoTime() - killedAt) / 1e9;
      if (ready == null && fresh.ready()) {
        ready = since;
      }
      if (working == null && worksNow(probe, fresh)) {
        working = since;
      }
      Thread.sleep(50);
    }
    if (ready == null || working == null) {
      throw new IllegalStateException(label + " not back at work within " + WITHIN);
    }
    return new RestartTimes(ready, working, StartupLine.read(fresh.logFile()));
  }

  /** Not yet, while the new app does not answer its metrics or API. */
  private static boolean worksNow(RestartWork.Probe probe, AppProcess fresh)
      throws InterruptedException {
    try {
      return probe.working(fresh);
    } catch (IOException e) {
      return false;
    }
  }

  private void write(Report report, List<List<String>> rows) {
    report.heading("Restart: an app killed and started again, to ready and to work");
    report.paragraph(
        "The pipeline runs with "
            + Report.number(cards)
            + " cards due at "
            + Report.number(checksPerSecond)
            + " checks/s, the apps in JVMs of their own with their default settings. One app at a"
            + " time is killed with SIGKILL and started again at once, "
            + rounds
            + " rounds each, "
            + (appJars != null
                ? "each restart from the app's own executable jar"
                    + (extracted
                        ? " unpacked by Spring Boot's jar tools (java -jar <thin jar>)"
                        : "")
                : extracted
                    ? "each restart on the jars unpacked from the benchmark jar (java -cp lib/*)"
                    : "each restart from the benchmark jar (Spring Boot's launcher, nested jars)")
            + (cds
                ? ", every restart mapping a class-data sharing archive the app wrote in a first"
                    + " run (-XX:ArchiveClassesAtExit, then -XX:SharedArchiveFile)"
                : ", no class-data sharing archive beyond the JDK's own")
            + ". Ready: from the kill until its readiness probe (/actuator/health/readiness)"
            + " answers UP. At work: until the handlers' carrier calls resume (the tasks the killed"
            + " instance held come back to it), the scheduler's first task is published, a card"
            + " inserted after the kill is in its queue (listener), the admin API answers"
            + " (operator). JVM+Spring and Spring: Spring Boot's own start-up line of the new"
            + " process (process running for, and context started in).");
    report.table(
        List.of("app", "round", "to ready (s)", "to work (s)", "JVM+Spring (s)", "Spring (s)"),
        rows);
  }

  /** One restart's figures, in seconds from the kill (the start-up line's from the new JVM). */
  record RestartTimes(double ready, double working, StartupLine startup) {

    List<String> row(String label, int round) {
      return List.of(
          label,
          Integer.toString(round),
          String.format("%.1f", ready),
          String.format("%.1f", working),
          startup.processSeconds(),
          startup.contextSeconds());
    }
  }
}
