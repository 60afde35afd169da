package com.cmp.polling.core.queue;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * Queue scores are unix seconds with millisecond decimals: whole seconds are what the seed and
 * operators read, the decimals keep due-to-published latency measurable below one second.
 */
final class QueueScores {

  private QueueScores() {}

  /** now + lease, in whole milliseconds: exactly what a score holds and a task carries. */
  static Instant leaseDeadline(Instant now, java.time.Duration lease) {
    return Instant.ofEpochMilli(now.plus(lease).toEpochMilli());
  }

  static double score(Instant instant) {
    return instant.toEpochMilli() / 1000.0;
  }

  /** The score as a plain decimal string for Lua arguments (never "1.7E9"). */
  static String argument(Instant instant) {
    return BigDecimal.valueOf(instant.toEpochMilli(), 3).toPlainString();
  }

  /**
   * Parses a score as Redis prints it ({@code %.17g}, e.g. "1764424530.1229999"), rounded to the
   * millisecond. Plain decimals are parsed by hand: Double.parseDouble takes its slow path on 17
   * significant digits, and dequeue parses thousands of scores per call.
   */
  static Instant instant(String score) {
    int dot = score.indexOf('.');
    if (dot < 0 && isDigits(score, 0, score.length())) {
      return Instant.ofEpochSecond(Long.parseLong(score));
    }
    if (dot <= 0 || !isDigits(score, 0, dot) || !isDigits(score, dot + 1, score.length())) {
      return Instant.ofEpochMilli(Math.round(Double.parseDouble(score) * 1000));
    }
    long millis = Long.parseLong(score, 0, dot, 10) * 1000;
    int fraction = 0;
    for (int i = 0; i < 4; i++) {
      int at = dot + 1 + i;
      fraction = fraction * 10 + (at < score.length() ? score.charAt(at) - '0' : 0);
    }
    return Instant.ofEpochMilli(millis + (fraction + 5) / 10);
  }

  private static boolean isDigits(String text, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return from < to;
  }
}
