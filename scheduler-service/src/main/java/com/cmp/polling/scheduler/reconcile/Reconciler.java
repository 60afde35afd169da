package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.PassResult.Outcome;
import com.cmp.polling.status.reconcile.ReconcileStatusStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * The queue reconciler: PostgreSQL, the truth, compared with the Redis queues and the differences
 * repaired ({@link CardRepairs}) — periodically, by passes whose cost follows what changed ({@link
 * IncrementalPass}: the cards changed since the last pass, far-future entries, a slice of the
 * sweep), and by full passes ({@link FullPass}) on an operator's demand and when the queues may
 * have missed changes ({@link FullPassReasons}). Passes run on one thread of their own. A pass
 * holds {@code polling:init:lock} (taken, renewed and given back on that thread), so it never runs
 * beside another instance's pass, an initialization or a forced rebuild; it does not start while
 * the queues are being initialized. The first periodic pass waits the initial delay plus a random
 * part of an interval, and an instance leaves its periodic pass out when another finished one less
 * than half an interval ago.
 */
public class Reconciler implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(Reconciler.class);
  private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
  static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

  /** One pass on the calling thread ({@link LockedPass#run}); full when asked, else as due. */
  interface PassRunner {
    PassResult run(String trigger, boolean full, Consumer<PassResult> onStart);
  }

  private final PassRunner pass;
  private final ReconcileStatusStore status;
  private final SchedulerProperties.Reconciler settings;
  private final Clock clock;
  private final AtomicBoolean running = new AtomicBoolean();
  private ScheduledExecutorService worker;
  private boolean periodicStarted;
  private boolean stopped;

  Reconciler(
      PassRunner pass,
      ReconcileStatusStore status,
      SchedulerProperties.Reconciler settings,
      Clock clock) {
    this.pass = pass;
    this.status = status;
    this.settings = settings;
    this.clock = clock;
  }

  /**
   * Starts a full pass in the background and returns once it runs ({@code RUNNING}) or could not
   * start ({@code REFUSED}, {@code FAILED}, with the reason in its note).
   */
  public PassResult startPass(String trigger) {
    CompletableFuture<PassResult> started = new CompletableFuture<>();
    CompletableFuture<PassResult> ended = submit(trigger, true, started::complete);
    try {
      return CompletableFuture.anyOf(started, ended)
          .thenApply(PassResult.class::cast)
          .get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("reconcile pass did not start: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting a reconcile pass", e);
    }
  }

  /** Runs a full pass now and returns when it has ended (or could not start). */
  public PassResult runNow(String trigger) {
    return await(submit(trigger, true, ignored -> {}));
  }

  /**
   * Runs now the pass a periodic run would (incremental, or full when one is due) and returns when
   * it has ended (or could not start).
   */
  public PassResult runPeriodicNow(String trigger) {
    return await(submit(trigger, false, ignored -> {}));
  }

  private static PassResult await(CompletableFuture<PassResult> pass) {
    try {
      return pass.get();
    } catch (ExecutionException e) {
      throw new IllegalStateException("reconcile pass failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a reconcile pass", e);
    }
  }

  /** The pass under way or the last one, in any instance; empty before the first. */
  public Optional<PassResult> status() {
    return status.read();
  }

  private CompletableFuture<PassResult> submit(
      String trigger, boolean full, Consumer<PassResult> onStart) {
    CompletableFuture<PassResult> ended = new CompletableFuture<>();
    if (!running.compareAndSet(false, true)) {
      ended.complete(
          PassResult.refused(trigger, clock.instant(), "a pass is running in this instance"));
      return ended;
    }
    ScheduledExecutorService thread = openExecutor();
    if (thread == null) {
      running.set(false);
      ended.complete(PassResult.refused(trigger, clock.instant(), "the scheduler is stopping"));
      return ended;
    }
    try {
      thread.execute(
          () -> {
            PassResult result = null;
            Throwable failure = null;
            try {
              result = pass.run(trigger, full, onStart);
            } catch (Throwable e) {
              // An Error too: the caller must hear of the end, and later passes must still run.
              // Not rethrown: the executor would only keep it in a future nobody reads.
              log.error("reconcile pass ({}) ended by {}", trigger, e.toString(), e);
              failure = e;
            } finally {
              // Free before the caller hears of the end: it may ask for the next pass at once.
              running.set(false);
            }
            if (failure != null) {
              ended.completeExceptionally(failure);
            } else {
              ended.complete(result);
            }
          });
    } catch (RuntimeException e) {
      running.set(false);
      throw e;
    }
    return ended;
  }

  private void periodic() {
    try {
      Optional<PassResult> last = status.read();
      Instant now = clock.instant();
      if (last.isPresent()
          && last.get().finishedAt() != null
          && last.get().outcome() == Outcome.COMPLETED
          && last.get().finishedAt().isAfter(now.minus(settings.interval().dividedBy(2)))) {
        log.debug("periodic reconcile pass left out: one finished at {}", last.get().finishedAt());
        return;
      }
      if (!running.compareAndSet(false, true)) {
        return;
      }
      try {
        pass.run("periodic", false, ignored -> {});
      } finally {
        running.set(false);
      }
    } catch (RuntimeException | Error e) {
      // An Error thrown out of a periodic task would silently cancel every later run.
      log.error("periodic reconcile pass failed; the next one tries again", e);
    }
  }

  /** The pass thread, made when missing; null once stopped (no pass starts during shutdown). */
  private synchronized ScheduledExecutorService openExecutor() {
    if (stopped) {
      return null;
    }
    if (worker == null) {
      worker = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("queue-reconciler"));
    }
    return worker;
  }

  @Override
  public synchronized void start() {
    stopped = false;
    ScheduledExecutorService thread = openExecutor();
    if (!settings.enabled() || periodicStarted) {
      return;
    }
    periodicStarted = true;
    long interval = settings.interval().toMillis();
    long first =
        settings.initialDelay().toMillis() + ThreadLocalRandom.current().nextLong(interval);
    thread.scheduleWithFixedDelay(this::periodic, first, interval, TimeUnit.MILLISECONDS);
    log.info(
        "queue reconciler: first pass in {} s, then {} after each pass",
        first / 1000,
        settings.interval());
  }

  /**
   * Interrupts a pass under way and waits (up to {@link #STOP_TIMEOUT}) until it has ended and
   * given its lock back, so that the lock is not left to expire once Redis is closed; later passes
   * are refused.
   */
  @Override
  public void stop() {
    ScheduledExecutorService stopping;
    synchronized (this) {
      stopped = true;
      stopping = worker;
      worker = null;
      periodicStarted = false;
    }
    if (stopping == null) {
      return;
    }
    stopping.shutdownNow();
    try {
      if (!stopping.awaitTermination(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        log.warn(
            "the reconcile pass did not end within {} s of the stop; {} expires by itself",
            STOP_TIMEOUT.toSeconds(),
            RedisKeys.INIT_LOCK);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return worker != null;
  }
}
