package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;

/**
 * The steady run's command line. Two modes: a fixed rate ({@code --checks-per-second}, the fleet
 * seeded at it and measured once the initializer is done) and {@code --find-max}, which seeds the
 * fleet idle, measures the idle baseline, then raises the due rate step by step through the polling
 * configs until a step does not hold.
 *
 * @param cards cards in the fleet
 * @param findMax whether to search for the highest sustained rate
 * @param checksPerSecond the fixed mode's rate
 * @param window the fixed mode's window ({@code --minutes}) or each step's ({@code --step-minutes})
 * @param sampleEvery how often a line of the over-time table is taken
 * @param latencyMs how long the gateway simulator takes to answer
 * @param idle how long the idle baseline is measured (nothing due); zero skips it
 * @param referenceRate a rate the search adds to its ladder, in order (the 300 checks/s the fixed
 *     mode measures by default); zero adds none
 * @param from the search's first rate
 * @param step what each step adds
 * @param maxRate the search ends after this rate even when it holds
 * @param warmUp how long a rate runs after its re-enrollment pass, before its window; also how long
 *     the pipeline settles once ready, before the idle baseline
 * @param firstWarmUp the warm-up of the first rate: the apps' JIT compiles the checks' code then
 * @param manualEvery one manual check per this period in each window; zero: none
 * @param manualApp the app (of {@link PipelineApps#APPS}) whose admin API takes manual checks
 * @param manualPath its path, with {@code {cardId}} and {@code {taskType}}
 * @param manualType the task type of the manual checks
 * @param manualMetric the Micrometer timer of trigger → published, read when an app exports it
 */
record SteadyOptions(
    int cards,
    boolean findMax,
    int checksPerSecond,
    Duration window,
    Duration sampleEvery,
    int latencyMs,
    Duration idle,
    int referenceRate,
    int from,
    int step,
    int maxRate,
    Duration warmUp,
    Duration firstWarmUp,
    Duration manualEvery,
    String manualApp,
    String manualPath,
    TaskType manualType,
    String manualMetric) {

  static SteadyOptions parse(Options options) {
    boolean findMax = options.flag("find-max");
    return new SteadyOptions(
        options.integer("cards", 10_000_000),
        findMax,
        options.integer("checks-per-second", 300),
        Duration.ofMinutes(
            findMax ? options.integer("step-minutes", 3) : options.integer("minutes", 10)),
        Duration.ofSeconds(options.integer("sample-seconds", findMax ? 10 : 20)),
        options.integer("latency-ms", 20),
        Duration.ofSeconds(options.integer("idle-seconds", findMax ? 120 : 0)),
        options.integer("reference-rate", 300),
        options.integer("from", 500),
        options.integer("step", 1000),
        options.integer("max-rate", 10_000),
        Duration.ofSeconds(options.integer("warm-up-seconds", 60)),
        Duration.ofSeconds(options.integer("first-warm-up-seconds", 180)),
        Duration.ofSeconds(options.integer("manual-every-seconds", 5)),
        options.values().getOrDefault("manual-app", "operator-service"),
        options.values().getOrDefault("manual-path", "/api/admin/cards/{cardId}/checks/{taskType}"),
        TaskType.fromCode(options.values().getOrDefault("manual-type", "carddata")),
        options.values().getOrDefault("manual-metric", "polling.scheduler.manual.delay"));
  }

  SteadyOptions {
    if (cards < 1000 || from < 1 || step < 1 || window.isZero() || sampleEvery.isZero()) {
      throw new IllegalArgumentException(
          "steady needs --cards >= 1000, --from, --step, a window and --sample-seconds above 0");
    }
  }

  /** Whether the fleet starts with nothing due (the idle baseline, or a search's first change). */
  boolean seedsIdle() {
    return findMax || !idle.isZero();
  }
}
