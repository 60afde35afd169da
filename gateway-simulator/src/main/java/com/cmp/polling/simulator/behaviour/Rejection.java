package com.cmp.polling.simulator.behaviour;

import java.time.Duration;
import java.util.OptionalLong;

/**
 * A card operation answered with an error instead of being performed. Control flow, not a bug: it
 * carries no stack trace.
 */
public final class Rejection extends RuntimeException {

  private final int status;
  private final String error;
  private final OptionalLong retryAfterSeconds;

  private Rejection(int status, String error, String message, OptionalLong retryAfterSeconds) {
    super(message, null, false, false);
    this.status = status;
    this.error = error;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  static Rejection rateLimited(long carrierId, int limit, Duration wait) {
    // Retry-After has whole seconds; 0 would invite an immediate retry that fails again.
    long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
    return new Rejection(
        429,
        "rate_limited",
        "carrier " + carrierId + " allows " + limit + " card operations per second",
        OptionalLong.of(seconds));
  }

  static Rejection pendingFailure(String iccid, int status) {
    return new Rejection(
        status,
        "simulated_failure",
        "simulated failure " + status + " of ICCID " + iccid + " (fail-next)",
        status == 429 ? OptionalLong.of(1) : OptionalLong.empty());
  }

  static Rejection randomError(double errorRate) {
    return new Rejection(
        503,
        "simulated_error",
        "simulated random failure (errorRate " + errorRate + ")",
        OptionalLong.empty());
  }

  static Rejection interrupted(String iccid) {
    return new Rejection(
        503,
        "interrupted",
        "the gateway is shutting down; ICCID " + iccid + " was not touched",
        OptionalLong.empty());
  }

  public int status() {
    return status;
  }

  /** The short code of the error body. */
  public String error() {
    return error;
  }

  /** The {@code Retry-After} header, in seconds; empty when the answer has none. */
  public OptionalLong retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
