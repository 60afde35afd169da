package com.cmp.polling.handlers.base;

/**
 * What became of a task. Its {@link #tag()} is the {@code result} tag of {@code
 * polling.handlers.checks}: the README, the alert rules and the dashboard know these tags, so they
 * never change, and results an operator need not tell apart share one (a check put off for want of
 * a permit counts as a retry).
 */
public enum TaskResult {
  /** Checked; back in its queue after the interval of the card's config. */
  NEXT("next"),
  /** A passing failure (gateway timeout, rate limit, busy card): again after the retry delay. */
  RETRY("retry"),
  /** Not run, every permit of its task type in use: again after the retry delay. */
  PUT_OFF("retry"),
  /** The card no longer needs this check (protect period over, config turns it off). */
  LEAVE("leave"),
  /** The card is gone (deleted): out of every queue, for good. */
  DROPPED_GONE("dropped"),
  /** The card's or its device's polling is disabled: out of every queue, for good. */
  DROPPED_POLLING_DISABLED("dropped"),
  /** Not a task of its topic (bad payload, wrong type): sent to the dead-letter topic. */
  INVALID("invalid"),
  /** Its lease was replaced since it was published: dropped without calling the carrier. */
  SUPERSEDED("superseded"),
  /**
   * Not settled: Redis, PostgreSQL or the dead-letter topic failed under it. Its card stays leased
   * and comes due again when the lease ends.
   */
  FAILED("failed");

  private final String tag;

  TaskResult(String tag) {
    this.tag = tag;
  }

  /** The {@code result} tag of the metric. */
  public String tag() {
    return tag;
  }
}
