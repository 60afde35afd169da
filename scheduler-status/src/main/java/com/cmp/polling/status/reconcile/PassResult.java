package com.cmp.polling.status.reconcile;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/**
 * A reconcile pass: under way or ended, in whichever instance it ran.
 *
 * @param trigger who asked for it ({@code periodic}, the admin API and its caller, ...)
 * @param finishedAt when it ended; null while it runs
 * @param note why it stopped early, failed or was refused; null otherwise
 * @param cardsRead live cards read from PostgreSQL, page by page (all of them in a full pass, the
 *     sweep's slice in an incremental one)
 * @param entriesScanned queue entries scanned (every entry in a full pass, the sweep's slice of the
 *     queues in an incremental one)
 * @param cardsLookedAt cards looked at again because they seemed out of step (Redis, then
 *     PostgreSQL, then their plan)
 * @param repairs entries added or removed, by kind
 * @param skipped differences left as they were, by reason
 * @param settle the settle window the pass started with
 * @param postgres time spent reading PostgreSQL
 * @param redis time spent reading and repairing the queues
 * @param planning time spent in CardPlanner (its device query and protection read included)
 * @param rested time spent in the pauses that spread the pass
 * @param scope what kind of pass it was, why, and where the change marker and the sweep stood
 */
public record PassResult(
    Outcome outcome,
    String trigger,
    Instant startedAt,
    Instant finishedAt,
    String note,
    long cardsRead,
    long entriesScanned,
    long cardsLookedAt,
    Map<RepairKind, Long> repairs,
    Map<SkipReason, Long> skipped,
    Duration settle,
    Duration postgres,
    Duration redis,
    Duration planning,
    Duration rested,
    PassScope scope) {

  /** Where a pass stands. */
  public enum Outcome {
    RUNNING,
    /** Everything it set out to compare was looked at. */
    COMPLETED,
    /** Stopped before the end: shutdown, lock lost, Redis lost the queues. */
    STOPPED,
    /** An error ended it (PostgreSQL or Redis failed); the next pass starts again. */
    FAILED,
    /** Not started: the queues are being initialized, rebuilt or reconciled already. */
    REFUSED;

    public String code() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public PassResult {
    repairs = Map.copyOf(repairs);
    skipped = Map.copyOf(skipped);
  }

  public static PassResult refused(String trigger, Instant at, String why) {
    return notStarted(Outcome.REFUSED, trigger, at, why);
  }

  /** A pass that ended before it began: refused, or failed while it set out. */
  public static PassResult notStarted(Outcome outcome, String trigger, Instant at, String why) {
    return notStarted(outcome, trigger, at, why, PassKind.INCREMENTAL);
  }

  public static PassResult notStarted(
      Outcome outcome, String trigger, Instant at, String why, PassKind kind) {
    return new PassResult(
        outcome,
        trigger,
        at,
        at,
        why,
        0,
        0,
        0,
        Map.of(),
        Map.of(),
        Duration.ZERO,
        Duration.ZERO,
        Duration.ZERO,
        Duration.ZERO,
        Duration.ZERO,
        PassScope.none(kind));
  }

  public long repaired(RepairKind kind) {
    return repairs.getOrDefault(kind, 0L);
  }

  public long skipped(SkipReason reason) {
    return skipped.getOrDefault(reason, 0L);
  }

  public long totalRepairs() {
    return repairs.values().stream().mapToLong(Long::longValue).sum();
  }

  /** From start to end (or to now, for a pass under way: see {@code finishedAt}). */
  public Duration took() {
    return finishedAt == null ? Duration.ZERO : Duration.between(startedAt, finishedAt);
  }
}
