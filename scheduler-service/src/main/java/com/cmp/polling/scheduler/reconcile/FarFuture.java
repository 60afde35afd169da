package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.queue.QueueEntry;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.DoubleSupplier;

/**
 * Where the far future begins for the queues: twice the longest interval any config sets (or the
 * lease, or the longest wait the planner's usage-aware carddata intervals may choose, when longer),
 * times the largest stretch a carrier account's budget imposes on its carriers' intervals, a minute
 * more for the instances' clocks. Every score the pipeline writes is nearer (a next check is at
 * most one interval or that wait ahead, a lease one lease ahead), so an entry beyond it was written
 * by hand or by a bug, and it would never come due in time: the check handlers' self-cleaning (a
 * card not polled or gone is dropped when its entry comes due) never reaches it. Set at the start
 * of each pass, from the configs the pass plans with; a longer interval seen within the last {@link
 * #HOLD} still counts, so that the entries a config change shortened are left to the change
 * stream's re-enrollment, which moves them itself, rather than counted as far off.
 */
final class FarFuture {

  private static final Duration SLACK = Duration.ofMinutes(1);
  private static final Duration SHORTEST = Duration.ofSeconds(60);
  static final Duration HOLD = Duration.ofHours(1);

  private final PollingConfigManager configs;
  private final Duration lease;
  private final Duration longestPlannedWait;
  private final DoubleSupplier largestStretch;
  private final Clock clock;
  private Instant horizon = Instant.MAX;
  private Duration held = Duration.ZERO;
  private Instant heldSince = Instant.MIN;

  /**
   * @param longestPlannedWait the longest a check may be planned ahead beyond its config's interval
   *     ({@code CardPlanner.usageAware().longestWait()}: zero while that option is off)
   */
  FarFuture(
      PollingConfigManager configs, Duration lease, Duration longestPlannedWait, Clock clock) {
    this(configs, lease, longestPlannedWait, () -> 1.0, clock);
  }

  /**
   * @param largestStretch the largest factor the budgets stretch a carrier's waits by now ({@code
   *     IntervalStretches.largest()}: 1 while none is stretched)
   */
  FarFuture(
      PollingConfigManager configs,
      Duration lease,
      Duration longestPlannedWait,
      DoubleSupplier largestStretch,
      Clock clock) {
    this.largestStretch = largestStretch;
    this.configs = configs;
    this.lease = lease;
    this.longestPlannedWait = longestPlannedWait;
    this.clock = clock;
  }

  void beginPass() {
    Duration longest = lease.compareTo(SHORTEST) > 0 ? lease : SHORTEST;
    if (longestPlannedWait.compareTo(longest) > 0) {
      longest = longestPlannedWait;
    }
    for (PollingConfig config : configs.snapshot().configs()) {
      for (TaskType type : TaskType.values()) {
        Duration interval = config.interval(type).orElse(Duration.ZERO);
        if (interval.compareTo(longest) > 0) {
          longest = interval;
        }
      }
    }
    double stretch = Math.max(1.0, largestStretch.getAsDouble());
    if (stretch > 1.0) {
      longest = Duration.ofMillis((long) Math.ceil(longest.toMillis() * stretch));
    }
    Instant now = clock.instant();
    if (longest.compareTo(held) >= 0 || now.isAfter(heldSince.plus(HOLD))) {
      held = longest;
      heldSince = now;
    }
    horizon = now.plus(held.multipliedBy(2)).plus(SLACK);
  }

  /** Scores after this are far in the future. */
  Instant horizon() {
    return horizon;
  }

  boolean beyond(QueueEntry entry) {
    return entry.at().isAfter(horizon);
  }
}
