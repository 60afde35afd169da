package com.cmp.polling.benchmarks.steady;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.Report;
import java.util.ArrayList;
import java.util.List;

/** A window's samples, one line each. */
final class OverTimeTable {

  private final Report report;

  OverTimeTable(Report report) {
    this.report = report;
  }

  void write(Window window) {
    List<String> apps = List.copyOf(window.end().heapMib().keySet());
    List<List<String>> rows = new ArrayList<>();
    for (Sample sample : window.samples()) {
      List<String> row = new ArrayList<>();
      row.add(Long.toString(sample.secondsFromWindow()));
      row.add(String.format("%.0f", sample.checksPerSecond()));
      row.add(number(sample.overdue()));
      row.add(Long.toString(sample.oldestOverdueSeconds()));
      row.add(number(sample.consumerLag()));
      row.add(Format.seconds(sample.latenessP99()));
      row.add(number(sample.heldBackRounds()));
      row.add(String.format("%.0f", sample.changeStreamPerSecond()));
      row.add(number(sample.listenerLag()));
      row.add(sample.reconciling() ? "yes" : "");
      row.add(number(sample.redisMib()));
      for (String app : apps) {
        row.add(number(sample.heapMib().getOrDefault(app, 0.0)));
      }
      rows.add(row);
    }
    List<String> header =
        new ArrayList<>(
            List.of(
                "t",
                "checks/s",
                "overdue",
                "oldest overdue s",
                "consumer lag",
                "p99 since previous",
                "held back",
                "change stream records/s",
                "listener lag",
                "reconciling",
                "Redis MiB"));
    apps.forEach(app -> header.add(app + " heap MiB"));
    report.paragraph(
        "Over time (t in seconds from the window's start; negative: before it; overdue = cards due"
            + " and not dispatched, realname + carddata + package, read from the Redis shard"
            + " queues; consumer lag = the scheduler's `polling.handlers.lag` gauge; p99 = lateness"
            + " of the checks settled since the previous line; held back = rounds held back so"
            + " far; listener lag = change-stream records its topology and consumer have not"
            + " committed yet; reconciling = a queue reconcile pass under way):");
    report.table(header, rows);
  }
}
