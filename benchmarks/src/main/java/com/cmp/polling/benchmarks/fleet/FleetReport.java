package com.cmp.polling.benchmarks.fleet;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The fleet simulation's section: the fleet, the set-ups' figures, and the goal checked. */
final class FleetReport {

  /** {@code cmp.polling.planning.usage-aware.headroom-factor}'s default (PollingProperties). */
  static final double DEFAULT_HEADROOM = 6.0;

  private FleetReport() {}

  static void write(
      Report report,
      List<SimulatedCard> fleet,
      FleetModel model,
      List<Setup> setups,
      List<DayFigures> figures,
      long seed,
      long nanos) {
    int cards = fleet.size();
    report.heading("Fleet simulation: " + number(cards) + " cards over one day");
    Map<UsageKind, Integer> kinds = FleetBenchmark.kinds(fleet);
    List<String> mix = new ArrayList<>();
    kinds.forEach((kind, count) -> mix.add(number(count) + " " + kind.words()));
    report.paragraph(
        "Fleet (seed "
            + seed
            + "): "
            + String.join(", ", mix)
            + "; carriers 1 to 4 hold 40, 30, 20 and 10 % of the cards. Model: "
            + model.partitions()
            + " partitions, "
            + model.shards()
            + " shards, "
            + model.consumers()
            + " carddata consumers, polls of at most "
            + model.maxPollRecords()
            + " tasks, slices of "
            + model.sliceSize()
            + "; batches: "
            + model.usageBatch()
            + " cards a usage query, "
            + model.stopBatch()
            + " a stop; alignment in "
            + model.slots()
            + " slots per carrier. Simulated in "
            + String.format(Locale.ROOT, "%.1f", nanos / 1e9)
            + " s.");
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < setups.size(); i++) {
      rows.add(row(setups.get(i), figures.get(i), cards));
    }
    report.table(
        List.of(
            "set-up",
            "carddata checks / card-day",
            "carrier calls / card-day",
            "cards / usage call",
            "full usage calls",
            "crossing → stop p50 / p99 / max (min)",
            "MB past the limit p50 / p99 / max",
            "MB past the limit, all crossings",
            "busiest second (checks)"),
        rows);
    report.paragraph(
        "Carrier calls are the usage queries of the carddata checks plus the stops they decide;"
            + " real-name and package checks are the same in every set-up and left out. Crossings:"
            + " the "
            + figures.get(0).minutesToStop.size()
            + " cards whose usage reaches their limit during the measured day.");
    byKind(report, setups, figures, kinds);
    stopsByKind(report, setups, figures);
    goal(report, setups, figures, 5, "a headroom factor of 2");
    goal(
        report,
        setups,
        figures,
        8,
        "a headroom factor of "
            + FleetBenchmark.factor(setups.get(8).usageAware().headroomFactor())
            + (setups.get(8).usageAware().headroomFactor() == DEFAULT_HEADROOM
                ? ", the option's default"
                : ""));
  }

  private static List<String> row(Setup setup, DayFigures day, int cards) {
    long checks = day.checksByKind.values().stream().mapToLong(Long::longValue).sum();
    return List.of(
        setup.name(),
        decimal(checks / (double) cards, 2),
        decimal((day.usageCalls + day.stopCalls) / (double) cards, 2),
        decimal(day.usageCards / (double) day.usageCalls, 2),
        percent(day.fullUsageCalls, day.usageCalls),
        decimal(DayFigures.percentile(day.minutesToStop, 0.5), 1)
            + " / "
            + decimal(DayFigures.percentile(day.minutesToStop, 0.99), 1)
            + " / "
            + decimal(DayFigures.percentile(day.minutesToStop, 1.0), 1)
            + (day.crossingsNotStopped > 0 ? " (" + day.crossingsNotStopped + " not stopped)" : ""),
        decimal(DayFigures.percentile(day.mbPastLimit, 0.5), 1)
            + " / "
            + decimal(DayFigures.percentile(day.mbPastLimit, 0.99), 1)
            + " / "
            + decimal(DayFigures.percentile(day.mbPastLimit, 1.0), 1),
        number(DayFigures.sum(day.mbPastLimit)) + " MB",
        number(day.peakChecksInASecond));
  }

  private static void byKind(
      Report report, List<Setup> setups, List<DayFigures> figures, Map<UsageKind, Integer> kinds) {
    List<String> header = new ArrayList<>(List.of("set-up"));
    kinds.keySet().forEach(kind -> header.add(kind.words()));
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < setups.size(); i++) {
      List<String> row = new ArrayList<>(List.of(setups.get(i).name()));
      DayFigures day = figures.get(i);
      kinds.forEach(
          (kind, count) ->
              row.add(decimal(day.checksByKind.getOrDefault(kind, 0L) / (double) count, 2)));
      rows.add(row);
    }
    report.paragraph("Carddata checks per card-day, by usage kind:");
    report.table(header, rows);
  }

  private static void stopsByKind(Report report, List<Setup> setups, List<DayFigures> figures) {
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < setups.size(); i++) {
      List<String> row = new ArrayList<>(List.of(setups.get(i).name()));
      for (UsageKind kind : List.of(UsageKind.STEADY_CROSSING, UsageKind.BURSTY_CROSSING)) {
        List<Double> minutes = figures.get(i).minutesToStopByKind.getOrDefault(kind, List.of());
        row.add(
            decimal(DayFigures.percentile(minutes, 0.5), 1)
                + " / "
                + decimal(DayFigures.percentile(minutes, 0.99), 1)
                + " / "
                + decimal(DayFigures.percentile(minutes, 1.0), 1));
      }
      rows.add(row);
    }
    report.paragraph("Crossing → stop by usage kind, p50 / p99 / max (min):");
    report.table(
        List.of("set-up", UsageKind.STEADY_CROSSING.words(), UsageKind.BURSTY_CROSSING.words()),
        rows);
  }

  private static void goal(
      Report report, List<Setup> setups, List<DayFigures> figures, int best, String headroom) {
    DayFigures fixed = figures.get(0);
    DayFigures aligned = figures.get(best);
    DayFigures unaligned = figures.get(best - 1);
    double fewer = calls(fixed) / (double) calls(aligned);
    double fixedP99 = DayFigures.percentile(fixed.minutesToStop, 0.99);
    double alignedP99 = DayFigures.percentile(aligned.minutesToStop, 0.99);
    double perCall = aligned.usageCards / (double) aligned.usageCalls;
    report.paragraph(
        "Goal, at "
            + headroom
            + " ("
            + setups.get(best).name()
            + "): "
            + decimal(fewer, 1)
            + "× fewer carrier calls than fixed intervals without batches ("
            + verdict(fewer >= 5)
            + ", at least 5×), "
            + decimal(calls(figures.get(1)) / (double) calls(aligned), 1)
            + "× fewer than fixed intervals with batches; crossing to stop at p99 "
            + decimal(alignedP99, 1)
            + " min against "
            + decimal(fixedP99, 1)
            + " min with fixed intervals ("
            + verdict(alignedP99 <= fixedP99)
            + ", no worse); "
            + decimal(perCall, 2)
            + " cards per usage call of at most 10 ("
            + verdict(perCall >= 10)
            + ", 10 or more: the ceiling of a batch of 10, reached only if every call is full; "
            + percent(aligned.fullUsageCalls, aligned.usageCalls)
            + " of them are), "
            + decimal(unaligned.usageCards / (double) unaligned.usageCalls, 2)
            + " without the alignment.");
  }

  private static long calls(DayFigures day) {
    return day.usageCalls + day.stopCalls;
  }

  private static String verdict(boolean met) {
    return met ? "met" : "NOT met";
  }

  private static String percent(long part, long whole) {
    return whole == 0 ? "-" : String.format(Locale.ROOT, "%.0f %%", 100.0 * part / whole);
  }

  private static String decimal(double value, int places) {
    return String.format(Locale.ROOT, "%,." + places + "f", value);
  }
}
