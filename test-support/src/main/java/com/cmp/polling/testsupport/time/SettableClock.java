package com.cmp.polling.testsupport.time;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock that tests move by hand instead of sleeping. Thread-safe. */
public final class SettableClock extends Clock {

  private volatile Instant now;

  public SettableClock(Instant start) {
    this.now = start;
  }

  /** A clock at the current time, truncated to milliseconds like queue scores. */
  public static SettableClock atNow() {
    return new SettableClock(Instant.ofEpochMilli(System.currentTimeMillis()));
  }

  public void set(Instant instant) {
    now = instant;
  }

  public synchronized void advance(Duration duration) {
    now = now.plus(duration);
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
