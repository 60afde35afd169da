package com.cmp.polling.benchmarks.steady;

import static com.cmp.polling.benchmarks.steady.Format.perCheck;
import static com.cmp.polling.benchmarks.steady.Format.percent;

import com.cmp.polling.benchmarks.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * CPU per process in a window, from {@code /proc/<pid>/stat} (Redis from INFO cpu; PostgreSQL: the
 * postmaster and its backends, the WAL sender of the listener's slot among them): seconds, share of
 * one core, milliseconds per check settled and, with an idle baseline, per check above what the
 * process spends with nothing due (its fixed cost taken out). The gateway simulator runs in the
 * benchmark's JVM with the sampling; it is a row apart, outside "all of ours".
 */
final class CpuTable {

  private final Report report;

  CpuTable(Report report) {
    this.report = report;
  }

  void write(Window window, Window idle) {
    double seconds = window.seconds();
    double checks = window.checks();
    double tasks = window.delta("polling_scheduler_dispatched_total", Map.of());
    List<List<String>> rows = new ArrayList<>();
    double ours = 0;
    double oursAboveIdle = 0;
    for (String process : ResourceFigures.ourProcesses(window)) {
      double cpu = window.cpuSeconds(process);
      double aboveIdle = cpu - idleShare(idle, process) * seconds;
      ours += cpu;
      oursAboveIdle += aboveIdle;
      rows.add(
          List.of(
              process,
              String.format("%.0f", cpu),
              percent(cpu / seconds),
              perCheck(cpu, checks),
              idle == null ? "" : perCheck(aboveIdle, checks),
              process.equals("scheduler") && tasks > 0
                  ? String.format("%.3f per task published", 1000 * cpu / tasks)
                  : ""));
    }
    rows.add(
        List.of(
            "**all of ours**",
            String.format("%.0f", ours),
            percent(ours / seconds),
            "**" + perCheck(ours, checks) + "**",
            idle == null ? "" : perCheck(oursAboveIdle, checks),
            String.format(
                "machine busy %.0f %% of %d cores",
                window.end().machine().machineBusyPercentSince(window.start().machine()),
                Runtime.getRuntime().availableProcessors())));
    double simulator = window.cpuSeconds(Snapshot.SIMULATOR);
    rows.add(
        List.of(
            "gateway simulator (apart)",
            String.format("%.0f", simulator),
            percent(simulator / seconds),
            perCheck(simulator, checks),
            "",
            "the benchmark's JVM: the simulated carrier and the sampling"));
    report.paragraph(
        "CPU in the window ("
            + String.format("%,.0f", checks)
            + " checks settled in "
            + Math.round(seconds)
            + " s; PostgreSQL: the postmaster and its backends, the listener's WAL sender among"
            + " them; Redis from INFO cpu"
            + (idle == null ? "" : "; above idle: the process's CPU minus its idle-baseline share")
            + "):");
    report.table(
        List.of(
            "process",
            "CPU s",
            "of one core",
            "CPU ms per check",
            "above idle, ms per check",
            "note"),
        rows);
  }

  /** The idle baseline: each process's CPU with the fleet enrolled and nothing due. */
  void writeIdle(Window idle) {
    double seconds = idle.seconds();
    List<List<String>> rows = new ArrayList<>();
    double ours = 0;
    for (String process : ResourceFigures.ourProcesses(idle)) {
      double cpu = idle.cpuSeconds(process);
      ours += cpu;
      rows.add(List.of(process, String.format("%.1f", cpu), percent(cpu / seconds)));
    }
    rows.add(List.of("**all of ours**", String.format("%.1f", ours), percent(ours / seconds)));
    double simulator = idle.cpuSeconds(Snapshot.SIMULATOR);
    rows.add(
        List.of(
            "gateway simulator (apart)",
            String.format("%.1f", simulator),
            percent(simulator / seconds)));
    report.table(List.of("process", "CPU s", "of one core"), rows);
  }

  /** CPU seconds per second the process used in the idle baseline (0 without one). */
  static double idleShare(Window idle, String process) {
    return idle == null || idle.seconds() <= 0 ? 0 : idle.cpuSeconds(process) / idle.seconds();
  }
}
