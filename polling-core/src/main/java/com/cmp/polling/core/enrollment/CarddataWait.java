package com.cmp.polling.core.enrollment;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * When a card's next carddata check is due after a check, and why ({@link CarddataIntervals}).
 *
 * @param reason which case of the rule applied
 * @param delay from the planning moment to the next check
 * @param nextCheckAt the planning moment plus {@code delay}
 * @param limitAt when the card's packages run out at its estimated rate (for {@link
 *     Reason#PREDICTED}), or ran out (the reading, for {@link Reason#AT_LIMIT}); null otherwise
 * @param outlook what the rule was given; null when the check gave none
 * @param why the case in words, for logs and the console
 */
public record CarddataWait(
    Reason reason,
    Duration delay,
    Instant nextCheckAt,
    Instant limitAt,
    UsageOutlook outlook,
    String why) {

  /** The cases of the rule; {@link #code()} is the metric's {@code reason} tag. */
  public enum Reason {
    /** The limit is ahead at a known rate: checked before the card would reach it. */
    PREDICTED,
    /** A known rate of 0: checked after the longest wait. */
    IDLE,
    /** Nothing left: checked after the shortest wait, until the rules stop the card. */
    AT_LIMIT,
    /** Nothing to predict (no limit, no rate yet, a stopped card, the option off). */
    CONFIG;

    public String code() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /** A duration as people read it: "2 d 03 h", "1 d", "3 h 05 min", "5 min", "12 min 30 s". */
  public static String inWords(Duration d) {
    long seconds = Math.max(0, d.toSeconds());
    if (seconds >= 86_400) {
      return twoUnits(seconds / 86_400, "d", seconds % 86_400 / 3600, "h");
    }
    if (seconds >= 3600) {
      return twoUnits(seconds / 3600, "h", seconds % 3600 / 60, "min");
    }
    if (seconds >= 60) {
      return twoUnits(seconds / 60, "min", seconds % 60, "s");
    }
    return seconds + " s";
  }

  private static String twoUnits(long big, String bigUnit, long small, String smallUnit) {
    return small == 0
        ? big + " " + bigUnit
        : String.format(Locale.ROOT, "%d %s %02d %s", big, bigUnit, small, smallUnit);
  }
}
