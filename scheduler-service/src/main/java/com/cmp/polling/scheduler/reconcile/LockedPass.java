package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.lock.HeldLock;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.status.reconcile.PassKind;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.PassResult.Outcome;
import com.cmp.polling.status.reconcile.ReconcileStatusStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One reconcile pass with what surrounds it: it starts only once the queues are built and under
 * {@code polling:init:lock} (renewed between pages, given back at the end, all on the calling
 * thread: a registry lock belongs to the thread that took it), with the configs reloaded, the
 * settle window measured and its kind decided ({@link PassPlanner}: full when asked for or due,
 * else incremental); it stops early when the lock is lost, Redis loses the queues or the thread is
 * interrupted; its progress goes to {@code polling:reconcile:progress}, its result to {@code
 * polling:reconcile:status}, its figures to the metrics, and a summary line to the log.
 */
final class LockedPass {

  private static final Logger log = LoggerFactory.getLogger(Reconciler.class);
  static final Duration LOCK_TTL = Duration.ofMinutes(2);

  private final FullPass fullPass;
  private final IncrementalPass incremental;
  private final PassPlanner planner;
  private final FarFuture farFuture;
  private final SettleWindow settle;
  private final Suspicions suspicions;
  private final ReconcileStatusStore status;
  private final ReconcilerMetrics metrics;
  private final OperationLocks locks;
  private final InitProgressStore initProgress;
  private final PollingConfigManager configs;
  private final SchedulerProperties properties;
  private final Clock clock;

  LockedPass(
      FullPass fullPass,
      IncrementalPass incremental,
      PassPlanner planner,
      FarFuture farFuture,
      SettleWindow settle,
      Suspicions suspicions,
      ReconcileStatusStore status,
      ReconcilerMetrics metrics,
      OperationLocks locks,
      InitProgressStore initProgress,
      PollingConfigManager configs,
      SchedulerProperties properties,
      Clock clock) {
    this.fullPass = fullPass;
    this.incremental = incremental;
    this.planner = planner;
    this.farFuture = farFuture;
    this.settle = settle;
    this.suspicions = suspicions;
    this.status = status;
    this.metrics = metrics;
    this.locks = locks;
    this.initProgress = initProgress;
    this.configs = configs;
    this.properties = properties;
    this.clock = clock;
  }

  /**
   * One pass on the calling thread: checks, lock, the pass, its status and figures.
   *
   * @param full a full pass whatever is due (asked for); else what is due
   */
  PassResult run(String trigger, boolean full, Consumer<PassResult> onStart) {
    Instant startedAt = clock.instant();
    Optional<HeldLock> lock;
    try {
      String notReady = queuesNotReady();
      if (notReady != null) {
        log.info("reconcile pass ({}) not started: {}", trigger, notReady);
        return PassResult.refused(trigger, startedAt, notReady);
      }
      lock = locks.tryAcquire(RedisKeys.INIT_LOCK, LOCK_TTL);
    } catch (RuntimeException e) {
      log.warn("reconcile pass ({}) not started: {}", trigger, e.getMessage());
      return PassResult.notStarted(Outcome.FAILED, trigger, startedAt, e.getMessage());
    }
    if (lock.isEmpty()) {
      String why =
          "the queues are being initialized, rebuilt or reconciled ("
              + RedisKeys.INIT_LOCK
              + " is held)";
      log.info("reconcile pass ({}) not started: {}", trigger, why);
      return PassResult.refused(trigger, startedAt, why);
    }
    HeldLock held = lock.get();
    PassTally tally = null;
    PassPlanner.Plan plan = null;
    try {
      // The configs' change time read before the configs: a change in between is seen later.
      settle.beginPass();
      configs.refreshNow();
      suspicions.beginPass();
      farFuture.beginPass();
      Duration window = settle.current();
      plan = planner.plan(full ? trigger : null, window);
      settle.settledChange(plan.marker().settled());
      tally = new PassTally(trigger, startedAt, window, plan.kind(), plan.why());
      PassTally counting = tally;
      PassResult begun = tally.result(Outcome.RUNNING, null, null);
      status.write(begun);
      onStart.accept(begun);
      log.info(
          "reconcile pass ({}) started: {}; settle window {} s{}",
          trigger,
          plan.kind().code(),
          window.toSeconds(),
          plan.why() == null ? "" : "; full because " + plan.why());
      String stopped =
          plan.kind() == PassKind.FULL
              ? fullPass.run(tally, () -> keepGoing(held, counting))
              : incremental.run(plan.progress(), tally, () -> keepGoing(held, counting));
      if (stopped == null) {
        suspicions.endPass();
      }
      planner.finish(plan, tally, stopped == null);
      return ended(
          tally.result(
              stopped == null ? Outcome.COMPLETED : Outcome.STOPPED, stopped, clock.instant()));
    } catch (RuntimeException e) {
      log.error("reconcile pass ({}) failed; the next pass starts again", trigger, e);
      PassTally counted = tally != null ? tally : new PassTally(trigger, startedAt, Duration.ZERO);
      if (plan != null) {
        keepProgress(plan, counted);
      }
      return ended(counted.result(Outcome.FAILED, e.getMessage(), clock.instant()));
    } finally {
      held.close();
    }
  }

  /** After a failure, the sweep's pages compared so far are kept (best effort). */
  private void keepProgress(PassPlanner.Plan plan, PassTally tally) {
    try {
      planner.finish(plan, tally, false);
    } catch (RuntimeException e) {
      log.warn("reconcile progress not written: {}", e.getMessage());
    }
  }

  private PassResult ended(PassResult result) {
    metrics.passEnded(result);
    try {
      status.write(result);
    } catch (RuntimeException e) {
      log.warn("reconcile status not written: {}", e.getMessage());
    }
    PassSummary.log(result);
    return result;
  }

  /** Asked between pages: null to go on, or why the pass stops. */
  private String keepGoing(HeldLock held, PassTally tally) {
    if (Thread.currentThread().isInterrupted()) {
      return "interrupted: the scheduler is stopping";
    }
    if (!held.extend()) {
      return "the lock " + RedisKeys.INIT_LOCK + " was lost";
    }
    if (properties.initializer().enabled() && !initProgress.markerPresent()) {
      return "Redis lost the queues: the initializer rebuilds them";
    }
    status.write(tally.result(Outcome.RUNNING, null, null));
    return null;
  }

  /** Null when the queues are built, else why a pass would be pointless now. */
  private String queuesNotReady() {
    if (!properties.initializer().enabled()) {
      return null;
    }
    boolean built =
        initProgress.markerPresent()
            && initProgress.read().map(InitProgress::completed).orElse(false);
    return built ? null : "the queues are not initialized yet (the initializer fills them)";
  }
}
