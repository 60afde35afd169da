package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.simulator.SimulatorControl;
import com.cmp.polling.simulator.behaviour.Behaviour;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measures one window: the simulator's counts reset, a snapshot at the start, a sample every {@code
 * sampleEvery}, manual checks triggered throughout (when asked), a snapshot at the end, then what
 * Redis holds.
 */
final class WindowRunner {

  private static final Logger log = LoggerFactory.getLogger(WindowRunner.class);

  /**
   * How far back the handlers' max gauge may reach. The Prometheus registry keeps a max as a ring
   * of three buckets rotated every step (Spring Boot's {@code
   * management.prometheus.metrics.export.step}, 1 min, which the apps keep): a reading holds every
   * check settled in the last two to three minutes, the phase depending on when the timer was
   * created.
   */
  static final Duration MAX_GAUGE_REACH = Duration.ofMinutes(3);

  private final SteadyProbes probes;
  private final PipelineApps apps;
  private final SimulatorControl simulator;
  private final Behaviour behaviour;
  private final BenchmarkRedis redis;
  private final int cards;
  private final Duration sampleEvery;
  private final ManualChecks manual;
  private final Duration manualEvery;

  /**
   * @param manual the manual checks to trigger in every window with a due rate; null: none
   */
  WindowRunner(
      SteadyProbes probes,
      PipelineApps apps,
      SimulatorControl simulator,
      Behaviour behaviour,
      BenchmarkRedis redis,
      SteadyOptions options,
      ManualChecks manual) {
    this.probes = probes;
    this.apps = apps;
    this.simulator = simulator;
    this.behaviour = behaviour;
    this.redis = redis;
    this.cards = options.cards();
    this.sampleEvery = options.sampleEvery();
    this.manual = manual;
    this.manualEvery = options.manualEvery();
  }

  /**
   * @param before over-time lines taken before the window, t from {@code beforeOrigin}: they are
   *     moved before the window's start
   */
  Window measure(
      int dueRate,
      SteadyFleet.Intervals intervals,
      ReenrollmentWatch.Pass pass,
      Duration warmUp,
      Duration length,
      List<Sample> before,
      Instant beforeOrigin)
      throws Exception {
    // Counted from here: a card called before the window and again in it is not a duplicate.
    simulator.reset();
    simulator.configure(behaviour);
    Snapshot start = probes.snapshot();
    Instant windowStart = start.at();
    List<Sample> samples = new ArrayList<>();
    long shift = Duration.between(beforeOrigin, windowStart).toSeconds();
    before.forEach(sample -> samples.add(sample.earlier(shift)));
    samples.add(probes.sample(windowStart, start, start));
    boolean triggering = manual != null && dueRate > 0 && !manualEvery.isZero();
    if (triggering) {
      manual.start(manualEvery);
    }
    log.info("window at {} checks/s due: {} s", dueRate, length.toSeconds());
    Map<String, Double> maxLateness = new TreeMap<>();
    Snapshot previous = start;
    // Whole sample periods, so that the last line covers as long as the others.
    long periods =
        Math.max(1, (length.toMillis() + sampleEvery.toMillis() - 1) / sampleEvery.toMillis());
    for (long period = 0; period < periods; period++) {
      apps.await(sampleEvery);
      Snapshot now = probes.snapshot();
      samples.add(probes.sample(windowStart, previous, now));
      // Only readings that cannot reach back before the window's start: earlier ones may hold
      // checks settled before it, which the window's other figures leave out.
      if (!now.at().isBefore(windowStart.plus(MAX_GAUGE_REACH))) {
        SteadyProbes.keepMaxLateness(now, maxLateness);
      }
      previous = now;
    }
    // The carrier's counts as the window ends; the manual checks still under way are followed on.
    var calls = simulator.callSummary();
    Window.RepeatCalls manualRepeats = manualRepeats(triggering ? manual.triggered() : List.of());
    List<ManualChecks.Check> checks = triggering ? manual.stop() : List.of();
    return new Window(
        dueRate,
        intervals,
        pass,
        warmUp,
        start,
        previous,
        samples,
        maxLateness,
        calls,
        checks,
        manualRepeats,
        dueRate > 0 ? CacheFigures.read(redis, cards) : null);
  }

  /** The repeat calls on the manually checked cards, whose extra call is the manual check's. */
  private Window.RepeatCalls manualRepeats(List<String> iccids) {
    if (iccids.isEmpty()) {
      return Window.RepeatCalls.NONE;
    }
    String operation = manual.operation();
    long cards = 0;
    long calls = 0;
    for (String iccid : iccids) {
      int made = simulator.calls(iccid).getOrDefault(operation, 0);
      if (made > 1) {
        cards++;
        calls += made - 1;
      }
    }
    return new Window.RepeatCalls(operation, cards, calls);
  }
}
