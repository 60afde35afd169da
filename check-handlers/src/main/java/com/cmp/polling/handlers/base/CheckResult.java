package com.cmp.polling.handlers.base;

import java.util.Objects;

/**
 * How one check of a poll handled together ended: its outcome, or the exception it would have
 * thrown on its own (the runner handles it as it handles a single check's).
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

  /** The outcome, or the failure thrown. */
  public CheckOutcome orThrow() {
    if (failure != null) {
      throw failure;
    }
    return outcome;
  }
}
