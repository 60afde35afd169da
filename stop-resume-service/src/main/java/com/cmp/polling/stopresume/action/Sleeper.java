package com.cmp.polling.stopresume.action;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Waits between gateway attempts; tests pass a short back-off rather than a fake sleeper. */
@FunctionalInterface
public interface Sleeper {

  Sleeper REAL = duration -> TimeUnit.NANOSECONDS.sleep(duration.toNanos());

  void sleep(Duration duration) throws InterruptedException;
}
