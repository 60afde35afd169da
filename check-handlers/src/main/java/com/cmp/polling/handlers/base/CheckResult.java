package com.cmp.polling.handlers.base;

import java.util.Objects;

/**
 * How one card's check of a slice ended: its outcome, or the exception it failed with (the runner
 * settles it: a carrier's failure is retried or waits, a card gone is dropped, any other leaves the
 * card leased).
 */
public record CheckResult(CheckOutcome outcome, RuntimeException failure) {

  public CheckResult {
    if ((outcome == null) == (failure == null)) {
      throw new IllegalArgumentException("a check result is an outcome or a failure");
    }
  }

  public static CheckResult of(CheckOutcome outcome) {
    return new CheckResult(Objects.requireNonNull(outcome, "outcome"), null);
  }

  public static CheckResult failed(RuntimeException failure) {
    return new CheckResult(null, Objects.requireNonNull(failure, "failure"));
  }
}
