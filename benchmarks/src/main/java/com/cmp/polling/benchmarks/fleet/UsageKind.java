package com.cmp.polling.benchmarks.fleet;

/** How a simulated card uses data over the day. */
enum UsageKind {
  /** No data at all today (a little early in the month). */
  IDLE("idle"),
  /** A few MB an hour, following the time of day. */
  STEADY("steady"),
  /** Tens of MB an hour, with quiet hours and bursts of six times the usual rate. */
  HEAVY_BURSTY("heavy and bursty"),
  /** Steady, with a package that runs out during the measured day. */
  STEADY_CROSSING("steady, crossing its limit"),
  /** Heavy and bursty, with a package that runs out during the measured day. */
  BURSTY_CROSSING("heavy and bursty, crossing its limit");

  private final String words;

  UsageKind(String words) {
    this.words = words;
  }

  String words() {
    return words;
  }

  boolean crosses() {
    return this == STEADY_CROSSING || this == BURSTY_CROSSING;
  }

  boolean bursty() {
    return this == HEAVY_BURSTY || this == BURSTY_CROSSING;
  }
}
