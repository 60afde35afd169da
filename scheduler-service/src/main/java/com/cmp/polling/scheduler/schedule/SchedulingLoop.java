package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.schedule.SchedulerStatsStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The scheduling loop (seed 004 decision 6): every tick, manual triggers first (to their own
 * topics), then for every shard in parallel and every task type that back-pressure does not hold
 * back, lease due cards and publish them. A card Kafka refuses goes back at once; a card whose fate
 * is unknown comes back when its lease ends. Several instances may run at once: dequeues hand out
 * disjoint cards.
 */
@Component
public class SchedulingLoop implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(SchedulingLoop.class);

  /** Batches of one shard sent before the first of them must be acknowledged. */
  static final int BATCHES_IN_FLIGHT = 4;

  private final PollingQueueManager queues;
  private final TaskPublisher publisher;
  private final ManualDispatch manual;
  private final Backpressure backpressure;
  private final SchedulerStatsStore stats;
  private final SchedulerMetrics metrics;
  private final SchedulerProperties settings;
  private final Clock clock;
  private ScheduledExecutorService ticker;
  private ExecutorService shardWorkers;

  public SchedulingLoop(
      PollingQueueManager queues,
      TaskPublisher publisher,
      ManualDispatch manual,
      Backpressure backpressure,
      SchedulerStatsStore stats,
      SchedulerMetrics metrics,
      SchedulerProperties settings,
      Clock clock) {
    this.queues = queues;
    this.publisher = publisher;
    this.manual = manual;
    this.backpressure = backpressure;
    this.stats = stats;
    this.metrics = metrics;
    this.settings = settings;
    this.clock = clock;
  }

  /** One round; also what tests call instead of waiting for the ticker. */
  public synchronized RoundCounts runRound() {
    Instant started = clock.instant();
    RoundCounts counts = new RoundCounts();
    for (TaskType type : TaskType.values()) {
      manual.publish(type, counts);
    }
    Set<TaskType> types = EnumSet.noneOf(TaskType.class);
    Map<TaskType, Backpressure.Decision> decisions = new EnumMap<>(TaskType.class);
    for (TaskType type : TaskType.values()) {
      Backpressure.Decision decision = backpressure.decide(type);
      decisions.put(type, decision);
      if (decision.heldBack()) {
        metrics.skipped(type, decision.cause().code());
      } else {
        types.add(type);
      }
    }
    List<Future<?>> shards = new ArrayList<>(queues.shardCount());
    for (int shard = 0; shard < queues.shardCount(); shard++) {
      int current = shard;
      shards.add(workers().submit(() -> drainShard(current, types, counts)));
    }
    for (Future<?> shard : shards) {
      await(shard);
    }
    Instant ended = clock.instant();
    for (TaskType type : TaskType.values()) {
      stats.record(type, decisions.get(type).stats(counts.of(type)), ended);
    }
    metrics.round(Duration.between(started, ended));
    return counts;
  }

  /**
   * Leases and publishes batch after batch, keeping up to {@link #BATCHES_IN_FLIGHT} batches
   * unacknowledged so the producer is never idle; stops early when the shard is drained or Kafka is
   * in trouble.
   */
  private void drainShard(int shard, Set<TaskType> types, RoundCounts counts) {
    for (TaskType type : types) {
      Deque<TaskPublisher.PendingBatch> inFlight = new ArrayDeque<>();
      try {
        boolean trouble = false;
        for (int batch = 0; batch < settings.maxBatchesPerShard() && !trouble; batch++) {
          List<CardEntry> due = queues.dequeueReady(shard, type, settings.batchSize());
          if (due.isEmpty()) {
            break;
          }
          TaskPublisher.PendingBatch pending = publisher.send(type, due, false);
          inFlight.add(pending);
          trouble = pending.refused();
          while (!inFlight.isEmpty() && (inFlight.size() >= BATCHES_IN_FLIGHT || trouble)) {
            trouble |= settle(inFlight.poll(), type, counts);
          }
          if (due.size() < settings.batchSize()) {
            break;
          }
        }
      } catch (RuntimeException e) {
        log.error(
            "shard {} {} not scheduled this round; leased cards come due again after their lease",
            shard,
            type.code(),
            e);
      } finally {
        while (!inFlight.isEmpty()) {
          settle(inFlight.poll(), type, counts);
        }
      }
    }
  }

  /** Waits for a batch's acknowledgements; true when some task failed (Kafka in trouble). */
  private boolean settle(TaskPublisher.PendingBatch pending, TaskType type, RoundCounts counts) {
    TaskPublisher.Outcome outcome = pending.await();
    putBack(type, outcome.failedCardIds());
    metrics.published(type, false, outcome.published(), outcome.publishedAt());
    counts.add(type, outcome.published().size(), 0, outcome.failed().size());
    return !outcome.failedCardIds().isEmpty();
  }

  private void putBack(TaskType type, List<Long> cardIds) {
    if (cardIds.isEmpty()) {
      return;
    }
    metrics.failed(type, cardIds.size());
    Instant now = clock.instant();
    for (long cardId : cardIds) {
      queues.requeue(cardId, type, now);
    }
  }

  private static void await(Future<?> shard) {
    try {
      shard.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (java.util.concurrent.ExecutionException e) {
      log.error("a shard worker failed", e.getCause());
    }
  }

  private synchronized ExecutorService workers() {
    if (shardWorkers == null) {
      shardWorkers =
          Executors.newFixedThreadPool(
              settings.shardThreads(), DaemonThreads.named("shard-worker"));
    }
    return shardWorkers;
  }

  private void roundSafely() {
    try {
      runRound();
    } catch (RuntimeException e) {
      log.error("scheduling round failed; the next tick tries again", e);
    }
  }

  @Override
  public synchronized void start() {
    if (!settings.enabled() || ticker != null) {
      log.info("scheduling loop {}", settings.enabled() ? "already running" : "disabled");
      return;
    }
    ticker = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("scheduler-tick"));
    // Fixed rate: a round starts every tick however long the previous one took (rounds never
    // overlap), so a card waits at most one tick plus one round.
    ticker.scheduleAtFixedRate(
        this::roundSafely, 0, settings.tick().toMillis(), TimeUnit.MILLISECONDS);
    log.info(
        "scheduling loop started: tick {}, {} shards, batch {}",
        settings.tick(),
        queues.shardCount(),
        settings.batchSize());
  }

  @Override
  public synchronized void stop() {
    if (ticker != null) {
      ticker.shutdown();
      ticker = null;
    }
    if (shardWorkers != null) {
      shardWorkers.shutdown();
      shardWorkers = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return ticker != null;
  }
}
