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
    return new Rejection(
        429,
        "rate_limited",
        "carrier " + carrierId + " allows " + limit + " calls per second",
        OptionalLong.of(wholeSeconds(wait)));
  }

  /** Retry-After has whole seconds; 0 would invite an immediate retry that fails again. */
  private static long wholeSeconds(Duration wait) {
    return Math.max(1, (wait.toMillis() + 999) / 1000);
  }

  static Rejection accountRateLimited(String account, int limit, Duration wait) {
    return new Rejection(
        429,
        "rate_limited",
        "account " + account + " allows " + limit + " calls per second",
        OptionalLong.of(wholeSeconds(wait)));
  }

  static Rejection quotaExceeded(String account, long quota, Duration untilTomorrow) {
    return new Rejection(
        429,
        "quota_exceeded",
        "account " + account + " has used its " + quota + " calls of the day",
        OptionalLong.of(wholeSeconds(untilTomorrow)));
  }

  /** A batch call to a carrier that has no batch form of the operation. */
  public static Rejection noBatchForm(long carrierId, String operation) {
    return new Rejection(
        404,
        "no_batch_form",
        "carrier " + carrierId + " has no batch form of " + operation,
        OptionalLong.empty());
  }

  /** A batch call of more cards than the carrier takes in one. */
  public static Rejection batchTooLarge(long carrierId, String operation, int cards, int most) {
    return new Rejection(
        400,
        "batch_too_large",
        cards
            + " cards in one "
            + operation
            + " call; carrier "
            + carrierId
            + " takes at most "
            + most,
        OptionalLong.empty());
  }

  /** A request the API cannot read. */
  public static Rejection badRequest(String problem) {
    return new Rejection(400, "bad_request", problem, OptionalLong.empty());
  }

  public static Rejection pendingFailure(String iccid, int status) {
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

  static Rejection interrupted(String subject) {
    return new Rejection(
        503,
        "interrupted",
        "the gateway is shutting down; " + subject + " not touched",
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
