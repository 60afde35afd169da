package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.simulator.calls.CallSummary;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One measured window at one due rate (0: the idle baseline), and how it was reached.
 *
 * @param dueRate the checks per second the configs' intervals ask for
 * @param intervals those intervals
 * @param pass the listener's re-enrollment pass that brought the fleet to this rate, or null when
 *     the fleet was seeded at it
 * @param warmUp how long the rate ran after that pass before the window began
 * @param samples the over-time lines, t from the window's start (negative: before it)
 * @param maxLateness per task type, the largest the handlers' max gauge showed in readings that
 *     cannot reach back before the window (see {@link WindowRunner#MAX_GAUGE_REACH})
 * @param calls the simulator's counts, reset when the window began
 * @param manual the manual checks triggered in the window
 * @param manualRepeats repeat calls of the manual checks' operation on the manually checked cards
 *     (a manual check is one call more than the schedule's): left out of the duplicates
 * @param redis what Redis held at the end (null for the idle window)
 */
record Window(
    int dueRate,
    SteadyFleet.Intervals intervals,
    ReenrollmentWatch.Pass pass,
    Duration warmUp,
    Snapshot start,
    Snapshot end,
    List<Sample> samples,
    Map<String, Double> maxLateness,
    CallSummary calls,
    List<ManualChecks.Check> manual,
    RepeatCalls manualRepeats,
    CacheFigures redis) {

  /** Repeat calls of one operation on some cards: cards called twice or more, calls beyond one. */
  record RepeatCalls(String operation, long cards, long calls) {
    static final RepeatCalls NONE = new RepeatCalls("", 0, 0);
  }

  double seconds() {
    return Duration.between(start.at(), end.at()).toMillis() / 1000.0;
  }

  double checks() {
    return end.checksSettled() - start.checksSettled();
  }

  /** CPU seconds the process used in the window. */
  double cpuSeconds(String process) {
    return end.cpuSeconds().getOrDefault(process, 0.0)
        - start.cpuSeconds().getOrDefault(process, 0.0);
  }

  /** A Prometheus sum's growth over the window, every app's series together. */
  double delta(String name, Map<String, String> match) {
    return end.metrics().sum(name, match) - start.metrics().sum(name, match);
  }

  LatenessHistogram lateness(Map<String, String> match) {
    return LatenessHistogram.between(
        start.metrics(), end.metrics(), "polling_handlers_lateness_seconds_bucket", match);
  }

  /** The samples inside the window. */
  List<Sample> inWindow() {
    return samples.stream().filter(sample -> sample.secondsFromWindow() >= 0).toList();
  }

  /** Cards the schedule called twice for one operation, the manual checks' cards left out. */
  long duplicateCards() {
    long cards =
        calls.byOperation().values().stream()
            .mapToLong(CallSummary.OperationCalls::cardsCalledMoreThanOnce)
            .sum();
    return cards - manualRepeats.cards();
  }

  /** Whether the shortest interval is longer than the window: a second call is then a duplicate. */
  boolean repeatsAreDuplicates() {
    long shortest =
        Math.min(intervals.carddata(), Math.min(intervals.packageCheck(), intervals.realname()));
    return shortest > seconds();
  }
}
