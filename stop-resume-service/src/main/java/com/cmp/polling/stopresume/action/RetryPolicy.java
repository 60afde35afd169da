package com.cmp.polling.stopresume.action;

import java.time.Duration;

/**
 * How often and how patiently a stop or start is tried at the carrier.
 *
 * @param attempts tries in all (the seeds ask for 3)
 * @param firstBackoff pause after the first failure
 * @param multiplier growth of the pause after each further failure
 */
public record RetryPolicy(int attempts, Duration firstBackoff, double multiplier) {

  public static final RetryPolicy DEFAULTS = new RetryPolicy(3, Duration.ofMillis(200), 2.0);

  public RetryPolicy {
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be at least 1, was " + attempts);
    }
    if (firstBackoff.isNegative() || multiplier < 1) {
      throw new IllegalArgumentException(
          "back-off must be >= 0 and grow (multiplier >= 1), was "
              + firstBackoff
              + " x"
              + multiplier);
    }
  }

  /** The pause after failed attempt {@code attempt} (1-based). */
  public Duration backoffAfter(int attempt) {
    return Duration.ofNanos((long) (firstBackoff.toNanos() * Math.pow(multiplier, attempt - 1)));
  }
}
