package com.cmp.polling.benchmarks.steady;

import java.util.List;

/**
 * Whether the overdue backlog grows over a window: the least-squares slope of its samples (cards
 * per second), and the rise it gives over the window. The backlog grows when that rise exceeds one
 * second of due checks (at least 50 cards): a pipeline that keeps up moves the backlog up and down
 * around a level set by the tick, while one that falls behind by half a percent or more adds a
 * second of work every three minutes. A line fitted through every sample weighs a burst at one
 * sample (a round held up, a reconcile page) much less than a comparison of the first and last
 * samples would.
 *
 * @param slopePerSecond cards added to the backlog per second, on the fitted line
 * @param rise what the line gains from the first sample to the last
 * @param threshold the rise above which the backlog counts as growing
 */
record BacklogTrend(double slopePerSecond, double rise, double threshold) {

  static BacklogTrend of(List<Sample> samples, double dueRate) {
    double threshold = Math.max(dueRate, 50);
    int n = samples.size();
    if (n < 3) {
      return new BacklogTrend(Double.NaN, Double.NaN, threshold);
    }
    double meanT = samples.stream().mapToDouble(Sample::secondsFromWindow).average().orElse(0);
    double meanY = samples.stream().mapToDouble(Sample::overdue).average().orElse(0);
    double covariance = 0;
    double variance = 0;
    for (Sample sample : samples) {
      double dt = sample.secondsFromWindow() - meanT;
      covariance += dt * (sample.overdue() - meanY);
      variance += dt * dt;
    }
    double slope = variance == 0 ? 0 : covariance / variance;
    double span = samples.get(n - 1).secondsFromWindow() - samples.get(0).secondsFromWindow();
    return new BacklogTrend(slope, slope * span, threshold);
  }

  /** Unknown (too few samples) counts as growing: a step is held only on evidence. */
  boolean grows() {
    return Double.isNaN(rise) || rise > threshold;
  }
}
