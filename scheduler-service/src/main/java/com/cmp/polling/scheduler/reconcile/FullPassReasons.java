package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.lifecycle.ReenrollmentRecord;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a periodic pass must be a full one, and why. A change pass trusts two things: that the
 * queues held what earlier passes compared (Redis kept its data), and that every change it does not
 * read by its marker reached the queues through the change stream (the stream had no gap, the
 * configs did not change, the change numbers still mean what they meant). When one may not hold:
 *
 * <ul>
 *   <li>no progress recorded: the first pass, or Redis lost its data (the progress with it);
 *   <li>the queues were built anew since the last full pass (the initializer refilled a Redis that
 *       lost them, or an operator forced a rebuild);
 *   <li>the change sequence went back: PostgreSQL restored from a backup (the queues hold changes
 *       it no longer has);
 *   <li>a change-stream gap: the lifecycle listener created its replication slot anew, or the slot
 *       exists again after a pass found it gone. Changes committed between the old slot's end and
 *       the new one's start never reach the queues through the stream. (An engine that is merely
 *       down is no gap: the slot keeps its changes, and the change passes compare them meanwhile.)
 *   <li>the polling configs changed and the lifecycle listener's re-enrollment did not carry the
 *       change into the queues: no pass of it runs or completed for today's configs once the change
 *       is a settle window old. A config change moves whole groups of cards; a completed
 *       re-enrollment has moved them already, and a full pass beside it would only read the whole
 *       fleet again (at 10 M cards for longer than the re-enrollment itself).
 * </ul>
 *
 * Each is kept (in the progress or by comparison with what the last full pass saw) until a full
 * pass completes.
 */
final class FullPassReasons {

  private static final Logger log = LoggerFactory.getLogger(FullPassReasons.class);

  private FullPassReasons() {}

  /**
   * Why the pass must be full, or null; notes in {@code progress} what it saw for the next passes
   * (a configs change seen first, a slot gone or back).
   */
  static String due(
      ReconcileProgress progress,
      ChangeMarker.Start marker,
      PassFacts facts,
      String slot,
      Instant now,
      Duration window) {
    if (Boolean.FALSE.equals(progress.slotPresent)
        && facts.slotPresent()
        && progress.fullPending == null) {
      progress.fullPending =
          "replication slot "
              + slot
              + " exists again after a pass found it gone: changes committed meanwhile never went"
              + " through the change stream";
    }
    progress.slotPresent = facts.slotPresent();
    if (!facts.configs().equals(progress.configsSeen)) {
      progress.configsSeen = facts.configs();
      progress.configsSeenAt = now;
    }
    if (progress.marker == null) {
      return "no reconcile progress in Redis (the first pass, or Redis lost its data)";
    }
    if (marker.wentBack()) {
      return "the planning change sequence is at "
          + marker.lastChange()
          + ", below the marker "
          + progress.marker
          + ": PostgreSQL was restored from a backup or the sequence was reset";
    }
    if (facts.queuesBuilt() != null && !facts.queuesBuilt().equals(progress.queuesBuilt)) {
      return "the queues were built anew (initializer run started "
          + facts.queuesBuilt()
          + "): Redis lost its data, or an operator rebuilt them";
    }
    if (facts.slotCreated() != null && !facts.slotCreated().equals(progress.slotCreated)) {
      return "the lifecycle listener created its replication slot anew at "
          + facts.slotCreated()
          + ": changes committed before it never went through the change stream";
    }
    if (progress.fullPending != null) {
      return progress.fullPending;
    }
    if (!facts.configs().equals(progress.configsCompared)) {
      return configsChanged(progress, facts, now, window);
    }
    return null;
  }

  private static String configsChanged(
      ReconcileProgress progress, PassFacts facts, Instant now, Duration window) {
    var reenrollment = facts.reenrollment();
    if (reenrollment.filter(r -> r.completed(facts.configs())).isPresent()) {
      log.info(
          "the polling configs changed (first seen at {}) and the lifecycle listener's"
              + " re-enrollment moved every card to them: no full pass for it",
          progress.configsSeenAt);
      progress.configsCompared = facts.configs();
      return null;
    }
    if (reenrollment.filter(ReenrollmentRecord.State::running).isPresent()) {
      // Its moves are under way: a full pass now would compare against half-moved queues.
      return null;
    }
    if (progress.configsSeenAt.isAfter(now.minus(window))) {
      return null;
    }
    return "the polling configs changed (first seen at "
        + progress.configsSeenAt
        + ") and no re-enrollment by the lifecycle listener runs or completed for them";
  }

  /** After a completed full pass: what it saw is the new reference. */
  static void fullPassCompleted(ReconcileProgress progress, PassFacts facts) {
    progress.queuesBuilt = facts.queuesBuilt();
    progress.slotCreated = facts.slotCreated();
    progress.configsCompared = facts.configs();
    progress.fullPending = null;
  }
}
