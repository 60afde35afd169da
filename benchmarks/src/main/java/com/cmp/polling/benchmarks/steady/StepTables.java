package com.cmp.polling.benchmarks.steady;

import static com.cmp.polling.benchmarks.Report.number;
import static com.cmp.polling.benchmarks.steady.Format.perCheck;
import static com.cmp.polling.benchmarks.steady.Format.seconds;

import com.cmp.polling.benchmarks.Report;
import java.util.ArrayList;
import java.util.List;

/**
 * The search's two overview tables, one line per rate measured: its figures against the goals, then
 * its CPU per check settled per process.
 */
final class StepTables {

  private final Report report;
  private final SteadyOptions options;

  StepTables(Report report, SteadyOptions options) {
    this.report = report;
    this.options = options;
  }

  /**
   * @param idle the idle baseline, for the CPU above it; null when none was measured
   */
  void write(List<Window> steps, Window idle) {
    summary(steps);
    cpuPerCheck(steps, idle);
  }

  private void summary(List<Window> steps) {
    List<List<String>> rows = new ArrayList<>();
    PipelineFigures pipeline = new PipelineFigures(report, options);
    for (Window step : steps) {
      Verdict verdict = Verdict.of(step);
      rows.add(
          List.of(
              number(step.dueRate()),
              Long.toString(step.pass().took().toSeconds()),
              String.format("%.0f", step.checks() / step.seconds()),
              seconds(verdict.p50()),
              seconds(verdict.p99()),
              number(verdict.laterThan2s()),
              number(step.end().heldBack() - step.start().heldBack()),
              number(step.duplicateCards()),
              String.format(
                  "%+.1f (%+,.0f of %,.0f)",
                  verdict.trend().slopePerSecond(),
                  verdict.trend().rise(),
                  verdict.trend().threshold()),
              String.format("%.3f", pipeline.changeStreamPerCheck(step)),
              pipeline.manualPublishedP99(step),
              Format.millis(
                  Format.quantile(
                      step.manual().stream().map(ManualChecks.Check::toCarrier).toList(), 0.99)),
              step.inWindow().stream().filter(Sample::reconciling).count()
                  + "/"
                  + step.inWindow().size(),
              verdict.held() ? "yes" : "**no**"));
    }
    report.table(
        List.of(
            "due checks/s",
            "re-enrollment pass s",
            "settled/s",
            "p50",
            "p99",
            "later than 2 s",
            "rounds held back",
            "cards called twice",
            "overdue trend cards/s (rise of threshold)",
            "change-stream records per check",
            "manual → published p99",
            "manual → carrier p99",
            "samples reconciling",
            "held"),
        rows);
  }

  private void cpuPerCheck(List<Window> steps, Window idle) {
    if (steps.isEmpty()) {
      return;
    }
    List<String> processes = ResourceFigures.ourProcesses(steps.get(0));
    List<String> header = new ArrayList<>(List.of("due checks/s"));
    processes.forEach(header::add);
    header.addAll(List.of("all of ours", "all of ours above idle", "simulator (apart)"));
    List<List<String>> rows = new ArrayList<>();
    for (Window step : steps) {
      List<String> row = new ArrayList<>(List.of(number(step.dueRate())));
      double checks = step.checks();
      double aboveIdle = 0;
      for (String process : processes) {
        row.add(perCheck(step.cpuSeconds(process), checks));
        aboveIdle += step.cpuSeconds(process) - CpuTable.idleShare(idle, process) * step.seconds();
      }
      row.add("**" + perCheck(ResourceFigures.oursCpuSeconds(step), checks) + "**");
      row.add(idle == null ? "n/a" : perCheck(aboveIdle, checks));
      row.add(perCheck(step.cpuSeconds(Snapshot.SIMULATOR), checks));
      rows.add(row);
    }
    report.paragraph("CPU per check settled, in milliseconds, per process and rate:");
    report.table(header, rows);
  }
}
