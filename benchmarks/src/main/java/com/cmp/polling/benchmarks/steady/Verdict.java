package com.cmp.polling.benchmarks.steady;

import java.util.Map;

/**
 * Whether a window's rate held: p99 lateness of the scheduled checks at most 2 s — read exactly, as
 * at most 1 % of them later than the histogram's 2-second bound — and an overdue backlog that does
 * not grow ({@link BacklogTrend}).
 *
 * @param p99 interpolated inside its bucket, for the tables
 * @param laterThan2s checks settled more than 2 s after they were due
 */
record Verdict(
    boolean held, double checks, double p50, double p99, double laterThan2s, BacklogTrend trend) {

  static Verdict of(Window window) {
    LatenessHistogram all = window.lateness(Map.of("source", "scheduled"));
    BacklogTrend trend = BacklogTrend.of(window.inWindow(), window.dueRate());
    double checks = all.total();
    double late = all.above(2.0);
    boolean latenessHeld = checks > 0 && late <= 0.01 * checks;
    return new Verdict(
        latenessHeld && !trend.grows(), checks, all.quantile(0.5), all.quantile(0.99), late, trend);
  }

  /** Why it did not hold, for the report; empty when it held. */
  String reason() {
    if (held) {
      return "";
    }
    if (checks == 0) {
      return "no check settled";
    }
    String lateness = laterThan2s > 0.01 * checks ? "p99 lateness above 2 s" : "";
    String backlog = trend.grows() ? "overdue backlog grows" : "";
    return lateness.isEmpty() ? backlog : backlog.isEmpty() ? lateness : lateness + ", " + backlog;
  }
}
