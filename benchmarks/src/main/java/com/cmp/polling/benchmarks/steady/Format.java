package com.cmp.polling.benchmarks.steady;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/** How the steady reports write their figures. */
final class Format {

  private static final double MIB = 1024 * 1024;

  private Format() {}

  /** "0.69 s", "12 s", "n/a" without a figure, "> 1 h" beyond the histogram. */
  static String seconds(double value) {
    if (Double.isNaN(value)) {
      return "n/a";
    }
    if (Double.isInfinite(value)) {
      return "> 1 h";
    }
    return value < 10 ? String.format("%.2f s", value) : String.format("%.0f s", value);
  }

  static String millis(Duration duration) {
    return duration == null ? "n/a" : duration.toMillis() + " ms";
  }

  /** CPU milliseconds per check, two decimals; n/a without checks. */
  static String perCheck(double cpuSeconds, double checks) {
    return checks <= 0 ? "n/a" : String.format("%.2f", 1000 * cpuSeconds / checks);
  }

  static String percent(double share) {
    return String.format("%.0f %%", 100 * share);
  }

  static double mib(double bytes) {
    return bytes / MIB;
  }

  /**
   * The nearest-rank quantile of durations (nulls: not seen, left out), or null when none was seen.
   */
  static Duration quantile(List<Duration> durations, double q) {
    List<Duration> seen = durations.stream().filter(Objects::nonNull).sorted().toList();
    if (seen.isEmpty()) {
      return null;
    }
    int rank = (int) Math.ceil(q * seen.size());
    return seen.get(Math.max(0, Math.min(seen.size() - 1, rank - 1)));
  }
}
