package com.cmp.polling.benchmarks.all;

import java.util.List;

/** The benchmarks {@code all} runs, in order, with the sizes of a full run and of a quick one. */
final class BenchmarkSteps {

  private BenchmarkSteps() {}

  /**
   * One benchmark: its command name, its section title, the heap of its JVM and its arguments for a
   * full run and for a quick one.
   */
  record Step(String name, String title, String heap, List<String> full, List<String> quick) {}

  static final List<Step> ALL =
      List.of(
          new Step(
              "queue",
              "Queue dequeue (PollingQueueManager)",
              "1g",
              List.of("--cards", "1600000"),
              List.of("--cards", "160000")),
          new Step(
              "scheduler",
              "Scheduler (scheduler-service)",
              "512m",
              List.of("--cards", "1000000", "--rate", "50000"),
              List.of("--cards", "100000", "--rate", "10000", "--latency-seconds", "5")),
          new Step(
              "cdc",
              "CDC (lifecycle-listener)",
              "1g",
              List.of("--samples", "300", "--bulk", "100000"),
              List.of("--samples", "30", "--bulk", "10000")),
          new Step(
              "handlers",
              "Check handlers (check-handlers)",
              "1g",
              List.of("--tasks", "20000", "--workers", "16,64,128"),
              List.of("--tasks", "2000", "--workers", "16,64")),
          new Step(
              "cycle",
              "Bare infrastructure cycle (due → Kafka → empty check → requeued)",
              "1g",
              List.of("--cards", "300000"),
              List.of("--cards", "20000", "--warm-up", "20000", "--warm-up-passes", "2")),
          new Step(
              "dryrun",
              "Rule dry run (stop-resume-service, operator-service --dry-run)",
              "1g",
              List.of("--cards", "1000000"),
              List.of("--cards", "50000", "--passes", "1")),
          new Step(
              "reconcile",
              "Queue reconciler (scheduler-service)",
              "1g",
              List.of("--cards", "1000000"),
              List.of("--cards", "50000", "--damage", "100")),
          new Step(
              "steady",
              "Steady state at 10 M cards (the whole pipeline, default settings)",
              "2g",
              List.of("--cards", "10000000", "--find-max"),
              List.of(
                  "--cards",
                  "200000",
                  "--find-max",
                  "--from",
                  "500",
                  "--step",
                  "500",
                  "--max-rate",
                  "1000",
                  "--step-minutes",
                  "1",
                  "--warm-up-seconds",
                  "20",
                  "--first-warm-up-seconds",
                  "60",
                  "--idle-seconds",
                  "30")),
          new Step(
              "fleet",
              "Fleet simulation: usage-aware intervals and batch calls over a day",
              "1g",
              List.of("--cards", "100000"),
              List.of("--cards", "20000")));
}
