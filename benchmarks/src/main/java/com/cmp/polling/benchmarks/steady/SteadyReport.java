package com.cmp.polling.benchmarks.steady;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.simulator.calls.CallSummary;
import com.cmp.polling.status.initializer.InitProgress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The steady run's Markdown: setup, goals, lateness, the window's figures, the samples. */
final class SteadyReport {

  private static final List<String> TYPES = List.of("realname", "carddata", "package");
  private static final double MIB = 1024 * 1024;

  /**
   * What the run gathered; {@code maxLateness} per task type: the largest the handlers' max gauge
   * showed in the readings that could not reach before {@code start} (see {@link
   * SteadyBenchmark#MAX_GAUGE_REACH}).
   */
  record Run(
      double seedSeconds,
      InitProgress init,
      Snapshot appsUp,
      Snapshot start,
      Snapshot end,
      List<Sample> samples,
      Map<String, Double> maxLateness,
      CallSummary calls,
      CacheFigures redis) {

    double windowSeconds() {
      return Duration.between(start.at(), end.at()).toMillis() / 1000.0;
    }

    double checks() {
      return end.checksSettled() - start.checksSettled();
    }
  }

  private final SteadyFleet fleet;
  private final int latencyMs;
  private final Report report;

  SteadyReport(SteadyFleet fleet, int latencyMs, Report report) {
    this.fleet = fleet;
    this.latencyMs = latencyMs;
    this.report = report;
  }

  void write(Run run) {
    SteadyFleet.Intervals intervals = fleet.intervals();
    report.heading(
        "Steady state: "
            + number(fleet.cards())
            + " cards, "
            + number(intervals.checksPerSecond(fleet.cards()))
            + " checks/s due");
    report.paragraph(
        number(fleet.cards())
            + " cards (verified, online, polled, an active package; every tenth in a device of"
            + " ten sharing its package) inserted in "
            + Math.round(run.seedSeconds())
            + " s; check intervals "
            + intervals.describe()
            + ", so the fleet comes due at "
            + number(intervals.checksPerSecond(fleet.cards()))
            + " checks/s. The scheduler (-Xmx512m) and the check handlers (-Xmx1g) run in JVMs of"
            + " their own with their default settings (given only the servers' addresses, their"
            + " ports, the admin token and the gateway URL); the gateway simulator (in the"
            + " benchmark's JVM) answers after "
            + latencyMs
            + " ms. The initializer enrolled "
            + number(run.init().processed())
            + " cards in "
            + Duration.between(run.init().startedAt(), run.init().updatedAt()).toSeconds()
            + " s; the window below starts when it was done and lasts "
            + Math.round(run.windowSeconds())
            + " s.");
    goals(run);
    lateness(run);
    work(run);
    carrierCalls(run);
    resources(run);
    overTime(run);
  }

  private void goals(Run run) {
    LatenessHistogram all = histogram(run, Map.of("source", "scheduled"));
    double heldBack = heldBack(run.end()) - heldBack(run.start());
    long duplicates =
        run.calls().byOperation().values().stream()
            .mapToLong(CallSummary.OperationCalls::cardsCalledMoreThanOnce)
            .sum();
    report.table(
        List.of("goal", "target", "measured", "met"),
        List.of(
            List.of(
                "lateness of scheduled checks, p99",
                "≤ 2 s",
                seconds(all.quantile(0.99)),
                all.quantile(0.99) <= 2.0 ? "yes" : "**no**"),
            List.of("rounds held back", "0", number(heldBack), heldBack == 0 ? "yes" : "**no**"),
            List.of(
                "cards queried more than once for one operation",
                "0",
                number(duplicates),
                duplicates == 0 ? "yes" : "**no**")));
  }

  private void lateness(Run run) {
    List<List<String>> rows = new ArrayList<>();
    for (String type : TYPES) {
      rows.add(latenessRow(run, type, Map.of("source", "scheduled", "task_type", type)));
    }
    rows.add(latenessRow(run, "all", Map.of("source", "scheduled")));
    report.table(
        List.of(
            "lateness (due → settled)",
            "checks",
            "p50",
            "p99",
            "later than 2 s",
            "max: histogram bound (largest seen from 3 min on)"),
        rows);
  }

  private List<String> latenessRow(Run run, String type, Map<String, String> match) {
    LatenessHistogram histogram = histogram(run, match);
    // The gauge's maxima are of the window's checks too, those settled in its first minutes aside.
    double seen =
        type.equals("all")
            ? run.maxLateness().values().stream().mapToDouble(d -> d).max().orElse(Double.NaN)
            : run.maxLateness().getOrDefault(type, Double.NaN);
    return List.of(
        type,
        number(histogram.total()),
        seconds(histogram.quantile(0.5)),
        seconds(histogram.quantile(0.99)),
        number(histogram.above(2.0)),
        "≤ " + seconds(histogram.maxBound()) + " (" + seconds(seen) + ")");
  }

  private void work(Run run) {
    List<List<String>> rows = new ArrayList<>();
    double window = run.windowSeconds();
    for (String type : TYPES) {
      Map<String, String> ofType = Map.of("task_type", type);
      double settled =
          delta(run, "polling_handlers_checks_total", ofType, true)
              - delta(run, "polling_handlers_checks_total", with(ofType, "superseded"), true)
              - delta(run, "polling_handlers_checks_total", with(ofType, "invalid"), true);
      rows.add(
          List.of(
              type,
              number(delta(run, "polling_scheduler_dispatched_total", ofType, false)),
              number(settled),
              String.format("%.1f", settled / window),
              number(delta(run, "polling_handlers_checks_total", with(ofType, "retry"), true)),
              number(delta(run, "polling_handlers_checks_total", with(ofType, "failed"), true)),
              number(
                  delta(run, "polling_handlers_checks_total", with(ofType, "superseded"), true))));
    }
    report.table(
        List.of(
            "task type",
            "tasks published",
            "checks settled",
            "checks/s",
            "put off (retry)",
            "failed",
            "superseded (dropped)"),
        rows);
  }

  private void carrierCalls(Run run) {
    List<List<String>> rows = new ArrayList<>();
    run.calls()
        .byOperation()
        .forEach(
            (operation, calls) ->
                rows.add(
                    List.of(
                        operation,
                        number(calls.calls()),
                        number(calls.cards()),
                        number(calls.cardsCalledMoreThanOnce()),
                        number(calls.repeatCalls()))));
    report.paragraph(
        "Carrier calls during the window, at the simulator (counts reset when the window began;"
            + " every interval is longer than the window, so a card has one due check of each"
            + " type in it at most): "
            + number(run.calls().total())
            + " calls, "
            + number(run.calls().rateLimited())
            + " answered 429.");
    report.table(
        List.of("operation", "calls", "cards", "cards called more than once", "repeat calls"),
        rows);
  }

  private void resources(Run run) {
    new ResourceFigures(report).write(run);
  }

  private void overTime(Run run) {
    List<List<String>> rows = new ArrayList<>();
    for (Sample sample : run.samples()) {
      rows.add(
          List.of(
              Long.toString(sample.secondsFromWindow()),
              String.format("%.0f", sample.checksPerSecond()),
              number(sample.overdue()),
              Long.toString(sample.oldestOverdueSeconds()),
              number(sample.consumerLag()),
              seconds(sample.latenessP99()),
              number(sample.heldBackRounds()),
              number(sample.redisMib()),
              number(sample.schedulerHeapMib()),
              number(sample.handlersHeapMib())));
    }
    report.paragraph(
        "Over time (t in seconds from the window's start; negative: the initializer was still"
            + " enrolling; overdue = cards due and not dispatched, realname + carddata + package,"
            + " from `/api/monitoring/queues`; consumer lag = the operator app's `polling.handlers.lag`"
            + " gauge; p99 = lateness of the checks settled since the previous line; held"
            + " back = rounds held back so far):");
    report.table(
        List.of(
            "t",
            "checks/s",
            "overdue",
            "oldest overdue s",
            "consumer lag",
            "p99 since previous",
            "held back",
            "Redis MiB",
            "scheduler heap MiB",
            "handlers heap MiB"),
        rows);
  }

  static double heldBack(Snapshot snapshot) {
    return snapshot.scheduler().sum("polling_scheduler_skipped_total");
  }

  private static LatenessHistogram histogram(Run run, Map<String, String> match) {
    return LatenessHistogram.between(
        run.start().handlers(),
        run.end().handlers(),
        "polling_handlers_lateness_seconds_bucket",
        match);
  }

  private static double delta(Run run, String name, Map<String, String> match, boolean handlers) {
    Snapshot start = run.start();
    Snapshot end = run.end();
    return handlers
        ? end.handlers().sum(name, match) - start.handlers().sum(name, match)
        : end.scheduler().sum(name, match) - start.scheduler().sum(name, match);
  }

  private static Map<String, String> with(Map<String, String> match, String result) {
    return Map.of("task_type", match.get("task_type"), "result", result);
  }

  static String seconds(double value) {
    if (Double.isNaN(value)) {
      return "n/a";
    }
    if (Double.isInfinite(value)) {
      return "> 1 h";
    }
    return value < 10 ? String.format("%.2f s", value) : String.format("%.0f s", value);
  }

  static double mib(double bytes) {
    return bytes / MIB;
  }
}
