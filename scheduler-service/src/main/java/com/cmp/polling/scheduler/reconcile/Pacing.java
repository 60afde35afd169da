package com.cmp.polling.scheduler.reconcile;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Between two pages or chunks of a pass: the caller's check (the lock still held, Redis still
 * holding the queues, no stop asked), then the pause that spreads a pass after a full page or
 * chunk. A stop ends the pass through {@link Stop}, caught where the pass began.
 */
final class Pacing {

  /** Ends a pass from inside its reading; the message says why. */
  static final class Stop extends RuntimeException {
    Stop(String why) {
      super(why, null, false, false);
    }
  }

  private final Duration pause;
  private final Supplier<String> keepGoing;

  Pacing(Duration pause, Supplier<String> keepGoing) {
    this.pause = pause;
    this.keepGoing = keepGoing;
  }

  /** The check, then the pause after a full page or chunk (a short one ends its part). */
  void between(boolean full, PassTally tally) {
    String stop = keepGoing.get();
    if (stop != null) {
      throw new Stop(stop);
    }
    if (!full || pause.isZero()) {
      return;
    }
    long started = System.nanoTime();
    try {
      TimeUnit.MILLISECONDS.sleep(pause.toMillis());
      tally.rested(System.nanoTime() - started);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Stop("interrupted: the scheduler is stopping");
    }
  }
}
