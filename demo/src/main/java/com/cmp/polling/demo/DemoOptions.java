package com.cmp.polling.demo;

import java.time.Duration;
import java.util.Locale;

/**
 * The demo's command line: {@code [--cards 10000] [--duration 5m] [--progress-every 5s]
 * [--activity-every 20s] [--verbose]}. Durations are written {@code 90s}, {@code 5m}, {@code 1h}
 * (or ISO-8601, {@code PT90S}); 0 switches the operator activity off.
 *
 * @param duration how long to run before printing the summary and exiting; null runs until Ctrl-C
 */
public record DemoOptions(
    int cards, Duration duration, Duration progressEvery, Duration activityEvery, boolean verbose) {

  public static DemoOptions parse(String... args) {
    int cards = 10_000;
    Duration duration = null;
    Duration progressEvery = Duration.ofSeconds(5);
    Duration activityEvery = Duration.ofSeconds(20);
    boolean verbose = false;
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (name.equals("--verbose")) {
        verbose = true;
        continue;
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(name + " needs a value");
      }
      String value = args[++i];
      switch (name) {
        case "--cards" -> cards = Integer.parseInt(value);
        case "--duration" -> duration = duration(value);
        case "--progress-every" -> progressEvery = duration(value);
        case "--activity-every" -> activityEvery = duration(value);
        default -> throw new IllegalArgumentException("unknown option " + name);
      }
    }
    if (cards < 100) {
      throw new IllegalArgumentException("--cards must be at least 100, was " + cards);
    }
    if (progressEvery.isZero() || progressEvery.isNegative()) {
      throw new IllegalArgumentException("--progress-every must be positive");
    }
    return new DemoOptions(cards, duration, progressEvery, activityEvery, verbose);
  }

  static Duration duration(String text) {
    String value = text.trim().toLowerCase(Locale.ROOT);
    try {
      if (value.startsWith("pt")) {
        return Duration.parse(value.toUpperCase(Locale.ROOT));
      }
      if (value.equals("0")) {
        return Duration.ZERO;
      }
      long amount = Long.parseLong(value.substring(0, value.length() - 1));
      return switch (value.charAt(value.length() - 1)) {
        case 's' -> Duration.ofSeconds(amount);
        case 'm' -> Duration.ofMinutes(amount);
        case 'h' -> Duration.ofHours(amount);
        default -> throw new IllegalArgumentException();
      };
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a duration (write 90s, 5m, 1h or PT90S)", e);
    }
  }

  static String usage() {
    return "usage: ./demo.sh [--cards 10000] [--duration 5m] [--progress-every 5s]"
        + " [--activity-every 20s | 0] [--verbose]";
  }
}
