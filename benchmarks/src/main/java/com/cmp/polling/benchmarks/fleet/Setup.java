package com.cmp.polling.benchmarks.fleet;

import com.cmp.polling.core.enrollment.UsageAwareSettings;
import java.time.Duration;

/**
 * One of the compared set-ups.
 *
 * @param usageAware the usage-aware carddata intervals (off: every check one config interval on)
 * @param batches whether the carriers have batch forms (10 cards a usage query, 100 a stop)
 * @param grid the carddata alignment's grid; zero when the checks are not lined up
 */
record Setup(String name, UsageAwareSettings usageAware, boolean batches, Duration grid) {

  /** The usage-aware option switched on with its default bounds, at a headroom factor. */
  static UsageAwareSettings usageAware(double headroomFactor) {
    return new UsageAwareSettings(
        true, Duration.ofMinutes(5), Duration.ofHours(24), headroomFactor);
  }

  boolean aligned() {
    return !grid.isZero();
  }
}
