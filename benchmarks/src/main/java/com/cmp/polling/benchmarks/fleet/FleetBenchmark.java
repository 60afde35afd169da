package com.cmp.polling.benchmarks.fleet;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.core.enrollment.UsageAwareSettings;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code fleet}: a simulated fleet over one day, through the production planning and stop rules on
 * a simulated clock, in six set-ups: fixed intervals or usage-aware ones, each without batch
 * queries, with them, and with them and the carddata alignment. No server and no real waiting.
 */
public final class FleetBenchmark {

  /** The simulated day is the 15th of a month: two weeks of usage behind every card. */
  static final Instant MEASURED_FROM = Instant.parse("2026-11-15T00:00:00Z");

  static final LocalDate MONTH_START = LocalDate.parse("2026-11-01");

  private final int cards;
  private final double headroom;
  private final Duration grid;
  private final Duration fixedGrid;
  private final long seed;
  private final FleetModel model;

  public FleetBenchmark(Options options) {
    this.cards = options.integer("cards", 100_000);
    this.headroom = Double.parseDouble(options.values().getOrDefault("headroom", "6"));
    this.grid = Duration.ofSeconds(options.integer("grid-seconds", 300));
    this.fixedGrid = Duration.ofSeconds(options.integer("fixed-grid-seconds", 30));
    this.seed = options.integer("seed", 26);
    this.model =
        new FleetModel(
            16,
            16,
            options.integer("consumers", 2),
            500,
            128,
            10,
            100,
            options.integer("slots", 2));
  }

  public void run(Report report) throws Exception {
    long began = System.nanoTime();
    long measuredFrom = MEASURED_FROM.toEpochMilli();
    // The usage over the longest warm-up before the measured day, the day, and the longest wait
    // after it (until every card that crossed its limit in the day is stopped).
    long hoursStart = measuredFrom - FleetDay.WARM_UP.toMillis() - SimulatedCard.HOUR;
    int hours = (int) (2 * FleetDay.WARM_UP.toHours() + 26);
    List<SimulatedCard> fleet =
        UsageMix.draw(cards, seed, hoursStart, hours, measuredFrom, model.partitions());
    FleetDay day = new FleetDay(fleet, model, measuredFrom, MONTH_START, seed);
    List<Setup> setups = setups();
    List<DayFigures> figures = runAll(day, setups);
    FleetReport.write(report, fleet, model, setups, figures, seed, System.nanoTime() - began);
  }

  /**
   * Fixed intervals, then usage-aware ones at a headroom factor of 2, then at {@code --headroom};
   * each without batches, with them, and with them and aligned checks.
   */
  List<Setup> setups() {
    UsageAwareSettings fixed = UsageAwareSettings.OFF;
    UsageAwareSettings aware = Setup.usageAware(2);
    UsageAwareSettings wide = Setup.usageAware(headroom);
    String wideName = "usage-aware ×" + factor(headroom);
    Duration none = Duration.ZERO;
    return List.of(
        new Setup("fixed 30 min", fixed, false, none),
        new Setup("fixed 30 min, batches", fixed, true, none),
        new Setup(
            "fixed 30 min, batches, aligned " + fixedGrid.toSeconds() + " s",
            fixed,
            true,
            fixedGrid),
        new Setup("usage-aware ×2", aware, false, none),
        new Setup("usage-aware ×2, batches", aware, true, none),
        new Setup("usage-aware ×2, batches, aligned " + grid.toSeconds() + " s", aware, true, grid),
        new Setup(wideName, wide, false, none),
        new Setup(wideName + ", batches", wide, true, none),
        new Setup(wideName + ", batches, aligned " + grid.toSeconds() + " s", wide, true, grid));
  }

  /** A headroom factor as people write it: 6, 2.5. */
  static String factor(double headroom) {
    return headroom == Math.rint(headroom)
        ? Long.toString((long) headroom)
        : Double.toString(headroom);
  }

  /** The set-ups two at a time: each run has its own clock and state, the fleet is shared. */
  private static List<DayFigures> runAll(FleetDay day, List<Setup> setups) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<DayFigures>> runs = new ArrayList<>();
      setups.forEach(setup -> runs.add(pool.submit(() -> day.run(setup))));
      List<DayFigures> figures = new ArrayList<>();
      for (Future<DayFigures> run : runs) {
        figures.add(run.get());
      }
      return figures;
    } finally {
      pool.shutdown();
    }
  }

  /** How many cards of each kind the fleet has. */
  static Map<UsageKind, Integer> kinds(List<SimulatedCard> fleet) {
    Map<UsageKind, Integer> counts = new EnumMap<>(UsageKind.class);
    fleet.forEach(card -> counts.merge(card.kind(), 1, Integer::sum));
    return counts;
  }
}
