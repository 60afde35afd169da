package com.cmp.polling.scheduler.initializer;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.enrollment.Timing;
import com.cmp.polling.core.lock.HeldLock;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.core.queue.ShardCountMarker;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Fills the Redis queues from PostgreSQL, the truth they are rebuilt from: in the background once
 * the app is up, page by page over an id cursor, each page enrolled in one pipeline, first checks
 * spread over each interval. Progress is kept in {@code polling:init:progress}, so a restart
 * continues after the last card read. A marker key tells whether Redis still holds the queues: when
 * it disappears (Redis restarted empty, or flushed), the queues are rebuilt by themselves. One
 * instance initializes at a time ({@code polling:init:lock}).
 */
@Component
public class CardInitializer implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(CardInitializer.class);
  static final Duration LOCK_TTL = Duration.ofMinutes(2);

  private final CardStore cards;
  private final CardPlanner planner;
  private final PollingQueueManager queues;
  private final InitProgressStore progressStore;
  private final ShardCountMarker shardCount;
  private final OperationLocks locks;
  private final LegacyKeysMove legacyKeys;
  private final SchedulerProperties.Initializer settings;
  private final Clock clock;

  /** Set by {@link #stop()}: an exception from the interrupted run is the stop, not a failure. */
  private volatile boolean stopping;

  private Thread worker;
  private volatile boolean looked;

  public CardInitializer(
      CardStore cards,
      CardPlanner planner,
      PollingQueueManager queues,
      InitProgressStore progressStore,
      ShardCountMarker shardCount,
      OperationLocks locks,
      LegacyKeysMove legacyKeys,
      SchedulerProperties properties,
      Clock clock) {
    this.cards = cards;
    this.planner = planner;
    this.queues = queues;
    this.progressStore = progressStore;
    this.shardCount = shardCount;
    this.locks = locks;
    this.legacyKeys = legacyKeys;
    this.settings = properties.initializer();
    this.clock = clock;
  }

  /**
   * Initializes (or goes on initializing) if the queues need it and no other instance is at it.
   * Returns when done, when interrupted (progress is kept), or at once when there is nothing to do.
   *
   * @return whether this call filled queues
   */
  public boolean ensureQueues() {
    if (isCompleteAndPresent()) {
      looked = true;
      return false;
    }
    Optional<HeldLock> lock = locks.tryAcquire(RedisKeys.INIT_LOCK, LOCK_TTL);
    if (lock.isEmpty()) {
      return false;
    }
    try (HeldLock held = lock.get()) {
      return initializeUnderLock(held);
    }
  }

  private boolean initializeUnderLock(HeldLock held) {
    Optional<InitProgress> progress = progressStore.read();
    if (progressStore.markerPresent() && progress.isPresent()) {
      if (progress.get().completed()) {
        looked = true;
        return false;
      }
      log.info(
          "resuming card initialization after card {} ({} of {} cards read)",
          progress.get().lastId(),
          progress.get().processed(),
          progress.get().total());
      return run(progress.get(), held);
    }
    if (progress.isPresent()) {
      log.warn("Redis lost the polling queues (marker gone): rebuilding them from PostgreSQL");
    }
    return run(startFresh(), held);
  }

  /**
   * Starts a run from the first card (the caller holds {@code polling:init:lock}): progress reset,
   * marker set, shard count recorded.
   */
  InitProgress startFresh() {
    InitProgress fresh = InitProgress.starting(cards.count(), clock.instant());
    progressStore.startFresh(fresh);
    // The queues are built from scratch with this process's shard count: processes with another
    // count must refuse to start from now on.
    shardCount.record();
    log.info("initializing the polling queues from {} cards", fresh.total());
    return fresh;
  }

  private boolean isCompleteAndPresent() {
    return progressStore.markerPresent()
        && progressStore.read().map(InitProgress::completed).orElse(false);
  }

  /**
   * Pages go through two stages at once: while one page is written to Redis, a reader thread
   * already reads and plans the next one from PostgreSQL.
   */
  boolean run(InitProgress start, HeldLock held) {
    looked = true;
    ExecutorService reader =
        Executors.newSingleThreadExecutor(DaemonThreads.named("card-initializer-reader"));
    InitProgress progress = start;
    try {
      Future<Page> next = reader.submit(() -> readAndPlan(start.lastId()));
      while (!Thread.currentThread().isInterrupted()) {
        Page page = next.get();
        if (page.cards() == 0) {
          progress = progress.complete(clock.instant());
          progressStore.write(progress);
          log.info(
              "polling queues initialized: {} cards read, {} cards/s",
              progress.processed(),
              Math.round(progress.cardsPerSecond()));
          return true;
        }
        next = reader.submit(() -> readAndPlan(page.lastId()));
        queues.requeueAll(page.checks(), true);
        progress = progress.advance(page.cards(), page.lastId(), clock.instant());
        progressStore.write(progress);
        if (!held.extend()) {
          log.warn("initializer lock lost after card {}: its holder goes on", progress.lastId());
          return true;
        }
        if (!rest()) {
          break;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException runtime
          ? runtime
          : new IllegalStateException("reading cards failed", e.getCause());
    } finally {
      reader.shutdownNow();
    }
    log.info(
        "card initialization interrupted after card {}; a restart continues", progress.lastId());
    return true;
  }

  /** One page read and planned; nothing written yet. */
  private record Page(int cards, long lastId, List<ScheduledCheck> checks) {}

  /** Runs on the reader thread: the next page and the checks of its polled cards. */
  private Page readAndPlan(long afterId) {
    long started = System.nanoTime();
    List<Card> cardsRead = cards.findAfterForEnrollment(afterId, settings.batchSize());
    if (cardsRead.isEmpty()) {
      return new Page(0, afterId, List.of());
    }
    List<ScheduledCheck> checks = new ArrayList<>(cardsRead.size() * 3);
    int skipped = 0;
    for (EnrollmentPlan plan : planner.plan(cardsRead, Timing.SPREAD)) {
      if (plan.isPolled()) {
        checks.addAll(plan.checks());
      } else {
        skipped++;
        log.trace("not polled: {}", plan.skipReason());
      }
    }
    log.debug(
        "page after card {}: {} cards read and planned in {} ms, {} not polled",
        afterId,
        cardsRead.size(),
        (System.nanoTime() - started) / 1_000_000,
        skipped);
    return new Page(cardsRead.size(), cardsRead.get(cardsRead.size() - 1).id(), checks);
  }

  /** The pause between pages; false when interrupted. */
  private boolean rest() {
    if (settings.pause().isZero()) {
      return true;
    }
    try {
      TimeUnit.MILLISECONDS.sleep(settings.pause().toMillis());
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private void watch() {
    boolean upgraded = false;
    while (!Thread.currentThread().isInterrupted()) {
      try {
        // Before the first look at the queues: entries under old key names are moved in first.
        upgraded = upgraded || legacyKeys.moveUnderLock();
        ensureQueues();
      } catch (RuntimeException e) {
        if (stopping) {
          // stop() interrupted a page on its way to Redis; the run's progress keeps its place.
          log.info(
              "card initialization interrupted by the app's stop; the next start goes on from its"
                  + " recorded progress ({})",
              e.toString());
          return;
        }
        log.error("card initialization failed; trying again in {}", settings.watchInterval(), e);
      }
      try {
        TimeUnit.MILLISECONDS.sleep(settings.watchInterval().toMillis());
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /**
   * Whether the queues are filled or being filled: this initializer has found them complete or
   * begun a run, or a run is under way in Redis while another process holds the lock (perhaps this
   * scheduler's killed predecessor, whose lock lasts until its TTL; this one takes the run over
   * then). False before any run has begun; true when the initializer is off.
   */
  public boolean hasStarted() {
    if (looked || !settings.enabled()) {
      return true;
    }
    return progressStore.markerPresent() && progressStore.read().isPresent();
  }

  @Override
  public synchronized void start() {
    if (!settings.enabled() || worker != null) {
      return;
    }
    stopping = false;
    worker = new Thread(this::watch, "card-initializer");
    worker.setDaemon(true);
    worker.start();
  }

  @Override
  public synchronized void stop() {
    if (worker != null) {
      stopping = true;
      worker.interrupt();
      worker = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return worker != null;
  }
}
