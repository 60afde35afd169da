package com.cmp.polling.core.enrollment;

import java.time.Duration;

/**
 * The usage-aware carddata intervals ({@link CarddataIntervals}): whether they apply, and their
 * bounds. Off, every carddata check is due one interval of the card's config after the last.
 *
 * @param enabled whether a carddata check's next time follows the card's usage
 * @param minInterval the shortest wait between two carddata checks, however close the limit
 * @param maxInterval the longest: how long an idle card (or one far from its limit) may go
 *     unchecked
 * @param headroomFactor how many times its estimated rate a card is assumed to use: the next check
 *     comes when the limit would be reached at that rate, so a card speeding up by less is still
 *     checked before it crosses
 */
public record UsageAwareSettings(
    boolean enabled, Duration minInterval, Duration maxInterval, double headroomFactor) {

  /** Every carddata check one config interval after the last. */
  public static final UsageAwareSettings OFF =
      new UsageAwareSettings(false, Duration.ZERO, Duration.ZERO, 1);

  public UsageAwareSettings {
    if (enabled) {
      if (minInterval == null || minInterval.isNegative() || minInterval.isZero()) {
        throw new IllegalArgumentException(
            "the usage-aware min-interval must be above 0, was " + minInterval);
      }
      if (maxInterval == null || maxInterval.compareTo(minInterval) < 0) {
        throw new IllegalArgumentException(
            "the usage-aware max-interval ("
                + maxInterval
                + ") must be at least its min-interval ("
                + minInterval
                + ")");
      }
      if (!(headroomFactor >= 1)) {
        throw new IllegalArgumentException(
            "the usage-aware headroom-factor must be 1 or more, was " + headroomFactor);
      }
    }
  }

  /**
   * The longest a carddata check may be planned ahead beyond its config's interval: none when off.
   */
  public Duration longestWait() {
    return enabled ? maxInterval : Duration.ZERO;
  }
}
