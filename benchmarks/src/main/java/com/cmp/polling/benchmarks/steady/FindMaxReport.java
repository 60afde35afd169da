package com.cmp.polling.benchmarks.steady;

import static com.cmp.polling.benchmarks.Report.number;
import static com.cmp.polling.benchmarks.steady.Format.perCheck;

import com.cmp.polling.benchmarks.Report;
import java.util.List;

/**
 * The report of {@code --find-max}: the setup and the search's rule, the result, one line per rate
 * measured (its figures, then its CPU per check per process), the idle baseline, then every rate's
 * full sections ({@link WindowSections}).
 */
final class FindMaxReport {

  private final Report report;
  private final SteadyOptions options;
  private final Setup setup;
  private final List<Integer> ladder;

  FindMaxReport(Report report, SteadyOptions options, Setup setup, List<Integer> ladder) {
    this.report = report;
    this.options = options;
    this.setup = setup;
    this.ladder = ladder;
  }

  void write(Window idle, List<Window> steps) {
    report.heading(
        "Steady state, highest sustained rate: "
            + number(options.cards())
            + " cards, the whole pipeline");
    report.paragraph(setup.describe());
    report.paragraph(
        "The search: "
            + (idle == null
                ? ""
                : "once the pipeline was ready and had settled for "
                    + idle.warmUp().toSeconds()
                    + " s, an idle baseline of "
                    + Math.round(idle.seconds())
                    + " s, then ")
            + "the rates "
            + ladderText()
            + " checks/s due in turn, until one does not hold. Each is reached as an operator's"
            + " change would reach it: the default configs' intervals updated in PostgreSQL, the"
            + " change stream carrying that to the listener, whose re-enrollment pass moves every"
            + " card's next checks to now + a spread within the new intervals; once the pass has"
            + " ended, "
            + options.warmUp().toSeconds()
            + " s of warm-up ("
            + options.firstWarmUp().toSeconds()
            + " s for the first rate, while the apps' JIT compiles the checks), then a window of "
            + options.window().toSeconds()
            + " s with a sample every "
            + options.sampleEvery().toSeconds()
            + " s. A rate holds when at most 1 % of its scheduled checks settle more than 2 s after"
            + " they were due (p99 ≤ 2 s, read at the histogram's 2-second bound) and the overdue"
            + " backlog does not grow: the least-squares line through the window's samples rises"
            + " by less than one second of due checks (at least 50 cards) over the window.");
    result(steps);
    new StepTables(report, options).write(steps, idle);
    if (idle != null) {
      idleBaseline(report, idle);
    }
    WindowSections sections = new WindowSections(report, options);
    for (Window step : steps) {
      Verdict verdict = Verdict.of(step);
      report.subheading(
          number(step.dueRate())
              + " checks/s due: "
              + (verdict.held() ? "held" : "did not hold (" + verdict.reason() + ")"));
      report.paragraph(
          "Intervals " + step.intervals().describe() + "; reached by " + reachedBy(step) + ".");
      sections.write(step, idle);
    }
  }

  /** "300, then 500 to 10,000 by 250": the reference rate apart, the arithmetic part in short. */
  private String ladderText() {
    String steps =
        number(options.from())
            + " to "
            + number(ladder.get(ladder.size() - 1))
            + " by "
            + number(options.step());
    int reference = options.referenceRate();
    boolean apart =
        reference > 0
            && (reference < options.from() || (reference - options.from()) % options.step() != 0);
    return apart ? number(reference) + ", then " + steps : steps;
  }

  /** How a window's rate was reached: the config change and the listener's pass. */
  static String reachedBy(Window window) {
    ReenrollmentWatch.Pass pass = window.pass();
    return "a config change: the listener's re-enrollment pass re-enrolled "
        + number(pass.reenrolled())
        + " of the "
        + number(pass.cardsRead())
        + " cards it read in "
        + pass.took().toSeconds()
        + " s (its log line seen "
        + pass.waited().toSeconds()
        + " s after the change, the change stream included), then "
        + window.warmUp().toSeconds()
        + " s of warm-up";
  }

  static void idleBaseline(Report report, Window idle) {
    long reconciling = idle.inWindow().stream().filter(Sample::reconciling).count();
    report.paragraph(
        "Idle baseline: "
            + Math.round(idle.seconds())
            + " s with the fleet enrolled and nothing due, "
            + idle.warmUp().toSeconds()
            + " s after the pipeline was ready ("
            + number(idle.checks())
            + " checks settled); a queue reconcile pass was under way at "
            + reconciling
            + " of its "
            + idle.inWindow().size()
            + " samples. What each process spends for no work at all:");
    new CpuTable(report).writeIdle(idle);
  }

  private void result(List<Window> steps) {
    Window best = null;
    Window failed = null;
    for (Window step : steps) {
      if (Verdict.of(step).held()) {
        best = step;
      } else {
        failed = step;
      }
    }
    String next =
        failed == null
            ? " Every rate tried held; the search ended at --max-rate or the ladder's end."
            : " The next, "
                + number(failed.dueRate())
                + " checks/s, did not hold: "
                + Verdict.of(failed).reason()
                + ".";
    report.paragraph(
        (best == null
                ? "**No rate held.**"
                : "**Highest sustained rate: "
                    + number(best.dueRate())
                    + " checks/s due** ("
                    + String.format("%.0f", best.checks() / best.seconds())
                    + " settled per second in its window, "
                    + perCheck(ResourceFigures.oursCpuSeconds(best), best.checks())
                    + " ms of CPU per check over our processes).")
            + next);
  }
}
