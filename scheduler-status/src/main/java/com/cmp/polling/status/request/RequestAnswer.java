package com.cmp.polling.status.request;

import java.time.Instant;
import java.util.Locale;

/**
 * What the scheduler instance that took a request answers, once the work has started in its
 * background (or could not start).
 *
 * @param instance which instance took it ({@code pid@host})
 * @param startedAt when the work began (null unless started)
 * @param cards cards the rebuild reads (null for a reconcile pass, or unless started)
 * @param trigger the reconcile pass's trigger as its status shows it (null for a rebuild)
 * @param note why it was refused or failed; null when started
 */
public record RequestAnswer(
    Outcome outcome, String instance, Instant startedAt, Long cards, String trigger, String note) {

  /** Where the request ended up. */
  public enum Outcome {
    /** The work runs in the background: its progress is in Redis, for every instance to read. */
    STARTED,
    /** Not started: the queues are being initialized, rebuilt or reconciled already. */
    REFUSED,
    /** Not started: Redis or PostgreSQL failed while it set out. */
    FAILED;

    public String code() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
