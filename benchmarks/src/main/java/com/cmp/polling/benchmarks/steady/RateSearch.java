package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Raises the due rate step by step as production would: the polling configs' intervals are changed
 * in PostgreSQL, the change stream carries that to the listener, whose re-enrollment pass moves
 * every card's next checks to now + a spread within the new intervals. Once the pass has ended and
 * the warm-up has run, the rate's window is measured; the search ends with the first rate that does
 * not hold ({@link Verdict}) or after {@code --max-rate}.
 */
final class RateSearch {

  private static final Logger log = LoggerFactory.getLogger(RateSearch.class);

  /** At 10 M cards a pass takes minutes; this only catches a pass that never ends. */
  private static final Duration PASS_TIMEOUT = Duration.ofMinutes(90);

  private final SteadyOptions options;
  private final SteadyFleet fleet;
  private final BenchmarkPostgres postgres;
  private final ReenrollmentWatch passes;
  private final WindowRunner windows;
  private final PipelineApps apps;

  RateSearch(
      SteadyOptions options,
      SteadyFleet fleet,
      BenchmarkPostgres postgres,
      ReenrollmentWatch passes,
      WindowRunner windows,
      PipelineApps apps) {
    this.options = options;
    this.fleet = fleet;
    this.postgres = postgres;
    this.passes = passes;
    this.windows = windows;
    this.apps = apps;
  }

  /** The rates the search tries, lowest first: the reference rate, then from, from + step, .... */
  List<Integer> ladder() {
    TreeSet<Integer> rates = new TreeSet<>();
    if (options.referenceRate() > 0) {
      rates.add(options.referenceRate());
    }
    for (int rate = options.from(); rate <= options.maxRate(); rate += options.step()) {
      rates.add(rate);
    }
    return List.copyOf(rates);
  }

  /** Every rate measured, the last one the first that did not hold (unless all held). */
  List<Window> run() throws Exception {
    List<Window> measured = new ArrayList<>();
    for (int rate : ladder()) {
      Window window =
          measureAt(rate, measured.isEmpty() ? options.firstWarmUp() : options.warmUp());
      measured.add(window);
      Verdict verdict = Verdict.of(window);
      log.info(
          "{} checks/s due: {} (p99 {} s, backlog rise {} over the window)",
          rate,
          verdict.held() ? "held" : "did not hold: " + verdict.reason(),
          String.format("%.2f", verdict.p99()),
          Math.round(verdict.trend().rise()));
      if (!verdict.held()) {
        break;
      }
    }
    return measured;
  }

  /** Brings the fleet to {@code rate}, waits for its pass and the warm-up, measures its window. */
  Window measureAt(int rate, Duration warmUp) throws Exception {
    passes.skipToEnd();
    Instant changed = Instant.now();
    fleet.setRate(postgres, rate);
    log.info("polling configs set for {} checks/s; waiting for the re-enrollment pass", rate);
    ReenrollmentWatch.Pass pass = passes.awaitPass(PASS_TIMEOUT, apps::requireAlive);
    log.info(
        "re-enrollment pass done: {} cards re-enrolled in {} s ({} s after the change)",
        pass.reenrolled(),
        pass.took().toSeconds(),
        Duration.between(changed, Instant.now()).toSeconds());
    apps.await(warmUp);
    return windows.measure(
        rate, fleet.intervals(rate), pass, warmUp, options.window(), List.of(), Instant.now());
  }
}
