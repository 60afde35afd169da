package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.schedule.RoundStats;
import com.cmp.polling.status.schedule.SchedulerStatsStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
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
 * The scheduling loop: every tick, for every task type that back-pressure does not hold back, the
 * due cards of every shard are leased in one round trip (one script per shard over its task types'
 * queues), and the shards that had any are published in parallel, each going on while its queues
 * hold due cards ({@link ShardDrain}). When nothing is due a tick is that round trip and one stats
 * pipeline. Manual triggers have a lane of their own ({@link ManualDispatch}), so they never wait
 * for a round. Several instances may run at once: dequeues hand out disjoint cards.
 */
@Component
public class SchedulingLoop implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(SchedulingLoop.class);

  private final PollingQueueManager queues;
  private final ShardDrain drain;
  private final ManualDispatch manual;
  private final Backpressure backpressure;
  private final SchedulerStatsStore stats;
  private final SchedulerMetrics metrics;
  private final SchedulerProperties settings;
  private final Clock clock;
  private ScheduledExecutorService ticker;
  private ExecutorService shardWorkers;

  SchedulingLoop(
      PollingQueueManager queues,
      ShardDrain drain,
      ManualDispatch manual,
      Backpressure backpressure,
      SchedulerStatsStore stats,
      SchedulerMetrics metrics,
      SchedulerProperties settings,
      Clock clock) {
    this.queues = queues;
    this.drain = drain;
    this.manual = manual;
    this.backpressure = backpressure;
    this.stats = stats;
    this.metrics = metrics;
    this.settings = settings;
    this.clock = clock;
  }

  /**
   * One whole round as tests drive it, with the loop off: the manual triggers first (the manual
   * lane's work), then the due cards.
   */
  public synchronized RoundCounts runRound() {
    RoundCounts counts = new RoundCounts();
    manual.dispatchDue(counts);
    dueCards(counts);
    return counts;
  }

  /** A round of due cards; a Redis failure leaves the leased cards to their leases. */
  private synchronized void dueCards(RoundCounts counts) {
    Instant started = clock.instant();
    Map<TaskType, Backpressure.Decision> decisions =
        backpressure.decide(EnumSet.allOf(TaskType.class));
    Set<TaskType> types = EnumSet.noneOf(TaskType.class);
    decisions.forEach(
        (type, decision) -> {
          if (decision.heldBack()) {
            metrics.skipped(type, decision.cause().code());
          } else {
            types.add(type);
          }
        });
    if (!types.isEmpty()) {
      publishShards(types, counts);
    }
    manual.addSinceLastRound(counts);
    Instant ended = clock.instant();
    Map<TaskType, RoundStats> rounds = new EnumMap<>(TaskType.class);
    decisions.forEach((type, decision) -> rounds.put(type, decision.stats(counts.of(type))));
    stats.record(rounds, ended);
    metrics.round(Duration.between(started, ended));
  }

  private void publishShards(Set<TaskType> types, RoundCounts counts) {
    List<Map<TaskType, List<CardEntry>>> leased;
    try {
      leased = queues.dequeueReadyAll(types, settings.batchSize());
    } catch (RuntimeException e) {
      log.error("no shard scheduled this round; cards leased come due again after their lease", e);
      return;
    }
    List<Future<?>> shards = new ArrayList<>();
    for (int shard = 0; shard < leased.size(); shard++) {
      Map<TaskType, List<CardEntry>> first = leased.get(shard);
      if (first.values().stream().anyMatch(batch -> !batch.isEmpty())) {
        int current = shard;
        shards.add(workers().submit(() -> drain.drain(current, first, counts)));
      }
    }
    for (Future<?> shard : shards) {
      await(shard);
    }
  }

  private static void await(Future<?> shard) {
    try {
      shard.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
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
      dueCards(new RoundCounts());
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
