package com.cmp.polling.benchmarks.steady;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.Report;
import java.util.ArrayList;
import java.util.List;

/**
 * The resources part of a window's report: rounds held back, Redis, card rows read, heaps and CPU
 * per process. "Our processes" are the apps, PostgreSQL, Redis and the Kafka broker; the gateway
 * simulator stands for a carrier that runs elsewhere and is reported apart.
 */
final class ResourceFigures {

  private final Report report;
  private final int cards;

  ResourceFigures(Report report, int cards) {
    this.report = report;
    this.cards = cards;
  }

  /**
   * @param idle the idle baseline, for each process's CPU above it; null when none was measured
   */
  void write(Window window, Window idle) {
    double heldBack = window.end().heldBack() - window.start().heldBack();
    report.paragraph(
        "Rounds held back by back-pressure (`polling.scheduler.skipped`) in the window: "
            + number(heldBack)
            + ".");
    if (window.redis() != null) {
      redis(window.redis());
    }
    cardRows(window);
    heaps(window);
    cpu(window, idle);
  }

  /** The processes counted as ours: the apps, then the servers. */
  static List<String> ourProcesses(Window window) {
    return window.end().cpuSeconds().keySet().stream()
        .filter(process -> !process.equals(Snapshot.SIMULATOR))
        .toList();
  }

  /** CPU seconds our processes used in the window. */
  static double oursCpuSeconds(Window window) {
    return ourProcesses(window).stream().mapToDouble(window::cpuSeconds).sum();
  }

  /** CPU milliseconds per check settled over our processes (NaN without checks). */
  static double oursPerCheckMillis(Window window) {
    double checks = window.checks();
    return checks <= 0 ? Double.NaN : 1000 * oursCpuSeconds(window) / checks;
  }

  private void redis(CacheFigures redis) {
    double lastChecks = redis.lastCheckEntries() * redis.lastCheckEntryBytes();
    report.paragraph(
        "Redis at the end (INFO memory): used "
            + number(Format.mib(redis.usedMemory()))
            + " MiB (peak "
            + number(Format.mib(redis.peakMemory()))
            + " MiB). Of it: the realname, carddata and package shard queues "
            + number(Format.mib(redis.queueBytes()))
            + " MiB ("
            + String.format("%.0f", redis.queueBytes() / (3.0 * cards))
            + " B per card and queue); the last checks (`polling:checks:last:{id}`, kept twice the longest interval)"
            + " about "
            + number(redis.lastCheckEntries())
            + " entries of "
            + number(redis.lastCheckEntryBytes())
            + " B = "
            + number(Format.mib(lastChecks))
            + " MiB so far (entries estimated from "
            + number(redis.sampledCards())
            + " random card ids).");
  }

  private void cardRows(Window window) {
    double checks = window.checks();
    double rows = window.end().cardRowsRead() - window.start().cardRowsRead();
    report.paragraph(
        "PostgreSQL rows of `tb_iot_card` read in the window (all readers: card loading, accounting,"
            + " StopResumeService, the reconciler, a re-enrollment pass) "
            + number(rows)
            + (checks > 0 ? ", " + String.format("%.2f", rows / checks) + " per check settled" : "")
            + ".");
  }

  private void heaps(Window window) {
    List<String> parts = new ArrayList<>();
    for (String app : window.end().heapMib().keySet()) {
      double most =
          window.samples().stream()
              .mapToDouble(sample -> sample.heapMib().getOrDefault(app, 0.0))
              .max()
              .orElse(0);
      parts.add(app + " " + number(most) + " MiB");
    }
    report.paragraph(
        "Heap used at most (sampled, `jvm.memory.used` heap): " + String.join(", ", parts) + ".");
  }

  private void cpu(Window window, Window idle) {
    new CpuTable(report).write(window, idle);
  }
}
