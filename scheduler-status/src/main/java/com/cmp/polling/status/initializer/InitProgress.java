package com.cmp.polling.status.initializer;

import java.time.Duration;
import java.time.Instant;

/**
 * Where the card initializer stands ({@code polling:init:progress}).
 *
 * @param processed cards read so far (enrolled or skipped)
 * @param total live cards when the run started
 * @param lastId id of the last card read: a restart continues after it
 * @param completed whether every card was read
 * @param startedAt when the run began
 * @param updatedAt when this progress was written
 */
public record InitProgress(
    long processed,
    long total,
    long lastId,
    boolean completed,
    Instant startedAt,
    Instant updatedAt) {

  public static InitProgress starting(long total, Instant now) {
    return new InitProgress(0, total, 0, false, now, now);
  }

  public InitProgress advance(long cards, long newLastId, Instant now) {
    return new InitProgress(processed + cards, total, newLastId, false, startedAt, now);
  }

  public InitProgress complete(Instant now) {
    return new InitProgress(processed, total, lastId, true, startedAt, now);
  }

  /** 0..100, rounded to 0.1; 100 once completed. */
  public double percent() {
    if (completed || total == 0) {
      return completed ? 100.0 : 0.0;
    }
    return Math.min(100.0, Math.round(processed * 1000.0 / total) / 10.0);
  }

  /** Cards read per second since the start. */
  public double cardsPerSecond() {
    double seconds = Duration.between(startedAt, updatedAt).toMillis() / 1000.0;
    return seconds <= 0 ? 0 : processed / seconds;
  }

  /** Estimated time left at the rate so far, or null when unknown or done. */
  public Long etaSeconds() {
    double rate = cardsPerSecond();
    if (completed || rate <= 0) {
      return completed ? 0L : null;
    }
    return Math.max(0, Math.round((total - processed) / rate));
  }
}
