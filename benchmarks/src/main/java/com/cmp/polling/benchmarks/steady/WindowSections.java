package com.cmp.polling.benchmarks.steady;

import static com.cmp.polling.benchmarks.Report.number;
import static com.cmp.polling.benchmarks.steady.Format.seconds;

import com.cmp.polling.benchmarks.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The sections every measured window gets, in this order: the goals, lateness per task type, the
 * tasks per type, the carrier calls ({@link CarrierCalls}), the resources ({@link
 * ResourceFigures}), the change stream and the manual checks ({@link PipelineFigures}), and the
 * over-time table ({@link OverTimeTable}).
 */
final class WindowSections {

  private static final List<String> TYPES = List.of("realname", "carddata", "package");

  private final Report report;
  private final PipelineFigures pipeline;
  private final int cards;

  WindowSections(Report report, SteadyOptions options) {
    this.report = report;
    this.pipeline = new PipelineFigures(report, options);
    this.cards = options.cards();
  }

  /**
   * @param idle the idle baseline, for the CPU above it; null when none was measured
   */
  void write(Window window, Window idle) {
    goals(window);
    lateness(window);
    work(window);
    new CarrierCalls(report).write(window);
    new ResourceFigures(report, cards).write(window, idle);
    pipeline.write(window);
    new OverTimeTable(report).write(window);
  }

  private void goals(Window window) {
    Verdict verdict = Verdict.of(window);
    double heldBack = window.end().heldBack() - window.start().heldBack();
    long duplicates = window.duplicateCards();
    double perCheck = pipeline.changeStreamPerCheck(window);
    double cpu = ResourceFigures.oursPerCheckMillis(window);
    report.table(
        List.of("goal", "target", "measured", "met"),
        List.of(
            row(
                "lateness of scheduled checks, p99",
                "≤ 2 s",
                seconds(verdict.p99()),
                verdict.checks() > 0 && verdict.laterThan2s() <= 0.01 * verdict.checks()),
            row(
                "overdue backlog over the window",
                "not growing",
                String.format("%+.1f cards/s", verdict.trend().slopePerSecond()),
                !verdict.trend().grows()),
            row("rounds held back", "0", number(heldBack), heldBack == 0),
            row(
                "cards queried more than once for one operation (manual checks' cards aside)",
                "0",
                number(duplicates),
                duplicates == 0),
            row(
                "change-stream records per check settled",
                "≤ 0.01",
                String.format("%.3f", perCheck),
                perCheck <= 0.01),
            row(
                "manual check, trigger → published, p99",
                "≤ 1 s",
                pipeline.manualPublishedP99(window),
                pipeline.manualPublishedWithin(window, 1.0)),
            row(
                "CPU per check over our processes",
                "≤ 0.5 ms",
                String.format("%.2f ms", cpu),
                cpu <= 0.5)));
  }

  private static List<String> row(String goal, String target, String measured, boolean met) {
    return List.of(goal, target, measured, met ? "yes" : "**no**");
  }

  private void lateness(Window window) {
    List<List<String>> rows = new ArrayList<>();
    for (String type : TYPES) {
      rows.add(latenessRow(window, type, Map.of("source", "scheduled", "task_type", type)));
    }
    rows.add(latenessRow(window, "all", Map.of("source", "scheduled")));
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

  private static List<String> latenessRow(Window window, String type, Map<String, String> match) {
    LatenessHistogram histogram = window.lateness(match);
    double seen =
        type.equals("all")
            ? window.maxLateness().values().stream().mapToDouble(d -> d).max().orElse(Double.NaN)
            : window.maxLateness().getOrDefault(type, Double.NaN);
    return List.of(
        type,
        number(histogram.total()),
        seconds(histogram.quantile(0.5)),
        seconds(histogram.quantile(0.99)),
        number(histogram.above(2.0)),
        "≤ " + seconds(histogram.maxBound()) + " (" + seconds(seen) + ")");
  }

  private void work(Window window) {
    List<List<String>> rows = new ArrayList<>();
    for (String type : TYPES) {
      double settled =
          checks(window, type, null)
              - checks(window, type, "superseded")
              - checks(window, type, "invalid");
      rows.add(
          List.of(
              type,
              number(window.delta("polling_scheduler_dispatched_total", Map.of("task_type", type))),
              number(settled),
              String.format("%.1f", settled / window.seconds()),
              number(checks(window, type, "retry")),
              number(checks(window, type, "failed")),
              number(checks(window, type, "superseded"))));
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

  private static double checks(Window window, String type, String result) {
    Map<String, String> match =
        result == null ? Map.of("task_type", type) : Map.of("task_type", type, "result", result);
    return window.delta("polling_handlers_checks_total", match);
  }
}
