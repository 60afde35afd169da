package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.core.queue.ManualTriggerQueue;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The manual lane: manual triggers published to their own topic ({@code
 * polling.task.<type>.manual}), where handlers of their own take them at once whatever the regular
 * topic's lag, so back-pressure never holds them back. The lane looks every {@code manual-interval}
 * on a thread of its own: a trigger never waits for a round of due cards, however long that round
 * takes. A trigger is taken as a lease and settled only after Kafka answered: acknowledged, it is
 * removed; refused, it is due again at once; unknown, it is settled when the producer knows, and if
 * nobody settles it (the scheduler died) its lease brings it back. No trigger is lost between
 * taking and publishing.
 */
@Component
class ManualDispatch implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(ManualDispatch.class);
  private static final List<TaskType> TYPES = List.of(TaskType.values());

  private final ManualTriggerQueue triggers;
  private final TaskPublisher publisher;
  private final SchedulerMetrics metrics;
  private final SchedulerProperties settings;
  private final Clock clock;
  private final Map<TaskType, LongAdder[]> sinceLastRound = new EnumMap<>(TaskType.class);
  private ScheduledExecutorService lane;

  ManualDispatch(
      PollingQueueManager queues,
      TaskPublisher publisher,
      SchedulerMetrics metrics,
      SchedulerProperties settings,
      Clock clock) {
    this.triggers = queues.manualTriggers();
    this.publisher = publisher;
    this.metrics = metrics;
    this.settings = settings;
    this.clock = clock;
    TYPES.forEach(
        type -> sinceLastRound.put(type, new LongAdder[] {new LongAdder(), new LongAdder()}));
  }

  /**
   * Takes up to {@code manual-cap} due triggers of every type in one round trip, publishes them all
   * and waits for Kafka's answers; what it published (and what Kafka refused) is added to {@code
   * counts}.
   */
  synchronized void dispatchDue(RoundCounts counts) {
    Map<TaskType, List<CardEntry>> taken;
    try {
      taken = triggers.takeAll(TYPES, settings.manualCap());
    } catch (RuntimeException e) {
      log.error(
          "manual triggers not taken ({}); they wait in Redis for the next look", e.getMessage());
      return;
    }
    Map<TaskType, TaskPublisher.PendingBatch> sent = new EnumMap<>(TaskType.class);
    taken.forEach(
        (type, entries) -> {
          if (!entries.isEmpty()) {
            sent.put(type, publisher.send(type, entries, true));
          }
        });
    sent.forEach((type, pending) -> settle(type, pending, counts));
  }

  /** What the lane published since the last call, added to a round's counts (its stats). */
  void addSinceLastRound(RoundCounts counts) {
    sinceLastRound.forEach(
        (type, published) ->
            counts.add(type, 0, published[0].sumThenReset(), published[1].sumThenReset()));
  }

  private void settle(TaskType type, TaskPublisher.PendingBatch pending, RoundCounts counts) {
    TaskPublisher.Outcome outcome = pending.await();
    metrics.manualAcknowledged(type, outcome.published(), clock.instant());
    settle(type, outcome);
    metrics.published(type, true, outcome.published(), outcome.publishedAt());
    if (!outcome.failed().isEmpty()) {
      metrics.failed(type, outcome.failed().size());
    }
    counts.add(type, 0, outcome.published().size(), outcome.failed().size());
    if (outcome.published().size() + outcome.failed().size() < pending.entries().size()) {
      pending
          .lateOutcome()
          .thenAcceptAsync(
              late -> {
                metrics.manualAcknowledged(type, late.published(), clock.instant());
                settle(type, late);
              });
    }
  }

  private void settle(TaskType type, TaskPublisher.Outcome outcome) {
    try {
      if (!outcome.published().isEmpty()) {
        triggers.published(type, outcome.published());
      }
      if (!outcome.failed().isEmpty()) {
        triggers.notPublished(type, outcome.failed());
      }
    } catch (RuntimeException e) {
      log.warn(
          "{} manual {} triggers not settled in Redis ({}): they come back when their lease ends,"
              + " so a published one may be checked twice",
          outcome.published().size() + outcome.failed().size(),
          type.code(),
          e.getMessage());
    }
  }

  private void look() {
    try {
      RoundCounts counts = new RoundCounts();
      dispatchDue(counts);
      for (TaskType type : TYPES) {
        sinceLastRound.get(type)[0].add(counts.of(type).manual());
        sinceLastRound.get(type)[1].add(counts.of(type).failures());
      }
    } catch (RuntimeException e) {
      log.error("manual lane failed; it looks again in {}", settings.manualInterval(), e);
    }
  }

  /** Runs with the scheduling loop ({@code cmp.polling.scheduler.enabled}). */
  @Override
  public synchronized void start() {
    if (!settings.enabled() || lane != null) {
      return;
    }
    lane = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("manual-lane"));
    // Fixed delay: a look that waits for Kafka is followed by the next one, never by a pile-up.
    lane.scheduleWithFixedDelay(
        this::look, 0, settings.manualInterval().toMillis(), TimeUnit.MILLISECONDS);
    log.info("manual lane started: looks every {}", settings.manualInterval());
  }

  @Override
  public synchronized void stop() {
    if (lane != null) {
      lane.shutdown();
      lane = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return lane != null;
  }
}
