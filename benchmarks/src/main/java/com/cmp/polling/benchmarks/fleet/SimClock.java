package com.cmp.polling.benchmarks.fleet;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The simulated day's clock: the event loop sets it, the production rules read it. */
final class SimClock extends Clock {

  private long millis;

  SimClock(Instant start) {
    this.millis = start.toEpochMilli();
  }

  void set(long epochMillis) {
    this.millis = epochMillis;
  }

  @Override
  public long millis() {
    return millis;
  }

  @Override
  public Instant instant() {
    return Instant.ofEpochMilli(millis);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("the simulated clock is UTC only");
  }
}
