package com.cmp.polling.benchmarks.steady;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.Report;

/** The report of a fixed-rate run: the setup, the idle baseline if measured, then the window. */
final class SteadyReport {

  private final Report report;
  private final SteadyOptions options;
  private final Setup setup;

  SteadyReport(Report report, SteadyOptions options, Setup setup) {
    this.report = report;
    this.options = options;
    this.setup = setup;
  }

  void write(Window idle, Window window) {
    report.heading(
        "Steady state: "
            + number(options.cards())
            + " cards, "
            + number(window.intervals().checksPerSecond(options.cards()))
            + " checks/s due");
    report.paragraph(
        setup.describe()
            + " The window below "
            + (window.pass() == null
                ? "starts when the pipeline was ready"
                : "follows " + FindMaxReport.reachedBy(window))
            + " and lasts "
            + Math.round(window.seconds())
            + " s.");
    if (idle != null) {
      FindMaxReport.idleBaseline(report, idle);
    }
    new WindowSections(report, options).write(window, idle);
  }
}
