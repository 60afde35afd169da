package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.status.reconcile.PassKind;
import java.time.Clock;
import java.time.Duration;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What a pass is to do, decided at its start from the progress the last pass left ({@link
 * ProgressStore}), this pass's checkpoint ({@link ChangeMarker}) and the facts that tell whether
 * the queues may have missed changes ({@link FullPassReasons}); and the progress written back at
 * its end, whatever the outcome: the sweep's position always (the pages compared were compared),
 * the marker only after a completed pass.
 */
final class PassPlanner {

  /** A pass's plan: its kind, why a full one, and what it started from. */
  record Plan(
      PassKind kind,
      String why,
      ReconcileProgress progress,
      ChangeMarker.Start marker,
      PassFacts facts) {}

  private final ProgressStore store;
  private final ChangeMarker marker;
  private final Sweep sweep;
  private final InitProgressStore init;
  private final boolean initializerRuns;
  private final StringRedisTemplate redis;
  private final JdbcClient jdbc;
  private final String slot;
  private final Clock clock;

  PassPlanner(
      ProgressStore store,
      ChangeMarker marker,
      Sweep sweep,
      InitProgressStore init,
      boolean initializerRuns,
      StringRedisTemplate redis,
      JdbcClient jdbc,
      String slot,
      Clock clock) {
    this.store = store;
    this.marker = marker;
    this.sweep = sweep;
    this.init = init;
    this.initializerRuns = initializerRuns;
    this.redis = redis;
    this.jdbc = jdbc;
    this.slot = slot;
    this.clock = clock;
  }

  /**
   * @param asked who asked for a full pass; null for a periodic pass, full only when one is due
   */
  Plan plan(String asked, Duration window) {
    ReconcileProgress progress = store.read();
    ChangeMarker.Start start = marker.begin(progress, window);
    PassFacts facts = PassFacts.read(init, initializerRuns, redis, jdbc, slot);
    String due = FullPassReasons.due(progress, start, facts, slot, clock.instant(), window);
    String why = asked != null ? "asked for by " + asked : due;
    return new Plan(
        why == null ? PassKind.INCREMENTAL : PassKind.FULL, why, progress, start, facts);
  }

  /** Writes the progress back; on completion moves the marker and, after a full pass, the rest. */
  void finish(Plan plan, PassTally tally, boolean completed) {
    ReconcileProgress progress = plan.progress();
    if (completed) {
      ChangeMarker.advance(progress, plan.marker(), tally.lowestRecentChange());
      if (plan.kind() == PassKind.FULL) {
        FullPassReasons.fullPassCompleted(progress, plan.facts());
        sweep.restart(progress, tally);
      }
    }
    tally.standing(progress, plan.marker().lastChange());
    store.write(progress);
  }
}
