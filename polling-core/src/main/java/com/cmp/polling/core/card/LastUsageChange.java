package com.cmp.polling.core.card;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The last time a card's month-to-date total moved, kept beside its counters so that its recent
 * usage rate can be estimated without reading its samples: {@code mb} were used between {@code
 * since} and {@code at}.
 *
 * @param at when the check that saw the total move read it
 * @param mb how much it moved then: the new month's total when a month began, 0 for a carrier's
 *     correction downwards
 * @param since since when that amount was used: the change before it (or the month's start, when
 *     later); null when that is not known (the card's first sample, or the first since these times
 *     were kept)
 */
public record LastUsageChange(Instant at, BigDecimal mb, Instant since) {

  public LastUsageChange {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(mb, "mb");
  }

  /**
   * The card's recent rate as seen at {@code now}, in MB per hour, when nothing moved since {@code
   * at}: the last change spread over the time from {@code since} to now. A card that stops using
   * data fades towards 0 with every check that sees no change, while a carrier that reports usage
   * late does not make a busy card look idle at once. Without {@code since} only "nothing since
   * {@code at}" is known: 0 after {@code at}, nothing at {@code at} itself (the first sample).
   */
  public Optional<Double> mbPerHourAt(Instant now) {
    if (since == null) {
      return now.isAfter(at) ? Optional.of(0.0) : Optional.empty();
    }
    Duration span = Duration.between(since, now.isBefore(at) ? at : now);
    if (span.isNegative() || span.isZero()) {
      return Optional.empty();
    }
    return Optional.of(mb.doubleValue() / hours(span));
  }

  static double hours(Duration span) {
    return span.toMillis() / 3_600_000.0;
  }
}
