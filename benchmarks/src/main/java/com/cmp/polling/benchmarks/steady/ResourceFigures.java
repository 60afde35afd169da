package com.cmp.polling.benchmarks.steady;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.Report;
import java.util.ArrayList;
import java.util.List;

/** The resources part of the steady report: rounds held back, Redis, card rows read, heaps, CPU. */
final class ResourceFigures {

  private final Report report;

  ResourceFigures(Report report) {
    this.report = report;
  }

  void write(SteadyReport.Run run) {
    heldBack(run);
    redis(run);
    cardRows(run);
    heapsAndCpu(run);
  }

  private void heldBack(SteadyReport.Run run) {
    report.paragraph(
        "Rounds held back by back-pressure (`polling.scheduler.skipped`): "
            + number(SteadyReport.heldBack(run.start()) - SteadyReport.heldBack(run.appsUp()))
            + " while the initializer ran, "
            + number(SteadyReport.heldBack(run.end()) - SteadyReport.heldBack(run.start()))
            + " in the window.");
  }

  private void redis(SteadyReport.Run run) {
    CacheFigures redis = run.redis();
    double lastChecks = redis.lastCheckEntries() * redis.lastCheckEntryBytes();
    report.paragraph(
        "Redis at the end (INFO memory): used "
            + number(SteadyReport.mib(redis.usedMemory()))
            + " MiB (peak "
            + number(SteadyReport.mib(redis.peakMemory()))
            + " MiB). Of it: the realname, carddata and package shard queues "
            + number(SteadyReport.mib(redis.queueBytes()))
            + " MiB ("
            + String.format("%.0f", (double) redis.queueBytes() / (3.0 * fleet(run)))
            + " B per card and queue); the last checks (`polling:checks:last:{id}`, kept twice the longest"
            + " interval) about "
            + number(redis.lastCheckEntries())
            + " entries of "
            + number(redis.lastCheckEntryBytes())
            + " B = "
            + number(SteadyReport.mib(lastChecks))
            + " MiB so far, "
            + number(SteadyReport.mib(redis.lastCheckEntryBytes() * fleet(run)))
            + " MiB once every card has been checked (entries estimated from "
            + number(redis.sampledCards())
            + " random card ids).");
  }

  private void cardRows(SteadyReport.Run run) {
    double checks = run.checks();
    double rows = run.end().cardRowsRead() - run.start().cardRowsRead();
    report.paragraph(
        "PostgreSQL rows of `tb_iot_card` read in the window (all readers: card loading, accounting,"
            + " StopResumeService; there is no card cache) "
            + number(rows)
            + ", "
            + String.format("%.2f", checks == 0 ? 0 : rows / checks)
            + " per check settled.");
  }

  private void heapsAndCpu(SteadyReport.Run run) {
    double schedulerHeap =
        run.samples().stream().mapToDouble(Sample::schedulerHeapMib).max().orElse(0);
    double handlersHeap =
        run.samples().stream().mapToDouble(Sample::handlersHeapMib).max().orElse(0);
    report.paragraph(
        "Heap used at most (sampled, `jvm.memory.used` heap): scheduler "
            + number(schedulerHeap)
            + " MiB of 512, handlers "
            + number(handlersHeap)
            + " MiB of 1 024.");
    double window = run.windowSeconds();
    double checks = run.checks();
    double tasks =
        run.end().scheduler().sum("polling_scheduler_dispatched_total")
            - run.start().scheduler().sum("polling_scheduler_dispatched_total");
    List<List<String>> rows = new ArrayList<>();
    double total = 0;
    for (String process : run.end().cpuSeconds().keySet()) {
      double seconds =
          run.end().cpuSeconds().get(process) - run.start().cpuSeconds().getOrDefault(process, 0.0);
      total += seconds;
      rows.add(
          List.of(
              process,
              String.format("%.0f", seconds),
              String.format("%.0f %%", 100 * seconds / window),
              String.format("%.2f", checks == 0 ? 0 : 1000 * seconds / checks),
              process.equals("scheduler") && tasks > 0
                  ? String.format("%.3f per task published", 1000 * seconds / tasks)
                  : ""));
    }
    rows.add(
        List.of(
            "all of them",
            String.format("%.0f", total),
            String.format("%.0f %%", 100 * total / window),
            String.format("%.2f", checks == 0 ? 0 : 1000 * total / checks),
            String.format(
                "machine busy %.0f %% of 2 cores",
                run.end().machine().machineBusyPercentSince(run.start().machine()))));
    report.paragraph(
        "CPU in the window (`/proc/<pid>/stat`; Redis from INFO cpu; PostgreSQL: the postmaster"
            + " and its backends; driver: the benchmark's JVM with the gateway simulator), "
            + number(checks)
            + " checks settled:");
    report.table(List.of("process", "CPU s", "of one core", "CPU ms per check", "note"), rows);
  }

  private static double fleet(SteadyReport.Run run) {
    return Math.max(1, run.init().total());
  }
}
