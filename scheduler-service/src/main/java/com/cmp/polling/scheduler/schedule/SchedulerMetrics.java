package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Micrometer figures of the scheduler, tagged by {@code task_type} (and {@code source} or {@code
 * cause}), never by card:
 *
 * <ul>
 *   <li>{@code polling.scheduler.dispatched} — tasks published (source: scheduled, manual)
 *   <li>{@code polling.scheduler.publish_failures} — tasks Kafka refused (cards put back)
 *   <li>{@code polling.scheduler.skipped} — rounds a task type was held back by back-pressure
 *       (cause: lag_age, lag_count)
 *   <li>{@code polling.scheduler.due_to_published} — from a card's due time to its publication
 *   <li>{@code polling.scheduler.manual.delay} — from a manual trigger (the operator's request, or
 *       the time a retry asked for) to Kafka's acknowledgement of its task: p50 and p99, and a
 *       bucket at 1 s (the promise: published within the next second)
 *   <li>{@code polling.scheduler.round} — duration of a whole round
 *   <li>{@code polling.scheduler.held_back} — gauge, 1 while this instance's last back-pressure
 *       measure holds the type back, else 0 (0 where the loop does not run)
 * </ul>
 *
 * <p>The figures back-pressure looks at (the handlers' lag, the due backlog) are not exported here:
 * the fleet snapshot exports them whether or not the loop runs ({@code polling.handlers.lag},
 * {@code polling.handlers.lag_seconds}, {@code polling.queue.due}, {@code
 * polling.queue.oldest_due_age_seconds}), so that each figure has one name.
 */
@Component
public class SchedulerMetrics {

  private final MeterRegistry registry;
  private final Map<TaskType, Timer> dueToPublished = new EnumMap<>(TaskType.class);
  private final Map<TaskType, Timer> manualDelay = new EnumMap<>(TaskType.class);
  private final Timer round;
  private final Map<TaskType, Boolean> heldBack = new ConcurrentHashMap<>();

  public SchedulerMetrics(MeterRegistry registry) {
    this.registry = registry;
    for (TaskType type : TaskType.values()) {
      heldBack.put(type, false);
      Gauge.builder("polling.scheduler.held_back", heldBack, m -> m.get(type) ? 1 : 0)
          .description("1 while back-pressure holds the task type back in this instance")
          .tag("task_type", type.code())
          .register(registry);
      dueToPublished.put(
          type,
          Timer.builder("polling.scheduler.due_to_published")
              .tag("task_type", type.code())
              .publishPercentiles(0.5, 0.99)
              .register(registry));
      manualDelay.put(
          type,
          Timer.builder("polling.scheduler.manual.delay")
              .description("from a manual trigger to Kafka's acknowledgement of its task")
              .tag("task_type", type.code())
              .publishPercentiles(0.5, 0.99)
              .serviceLevelObjectives(Duration.ofSeconds(1))
              .register(registry));
    }
    this.round = registry.timer("polling.scheduler.round");
  }

  void published(TaskType type, boolean manual, List<CardEntry> entries, Instant publishedAt) {
    registry
        .counter(
            "polling.scheduler.dispatched",
            "task_type",
            type.code(),
            "source",
            manual ? "manual" : "scheduled")
        .increment(entries.size());
    if (!manual) {
      Timer timer = dueToPublished.get(type);
      for (CardEntry entry : entries) {
        timer.record(Duration.between(entry.dueAt(), publishedAt));
      }
    }
  }

  /** Manual triggers whose tasks Kafka acknowledged at {@code acknowledgedAt}. */
  void manualAcknowledged(TaskType type, List<CardEntry> triggers, Instant acknowledgedAt) {
    Timer timer = manualDelay.get(type);
    for (CardEntry trigger : triggers) {
      timer.record(Duration.between(trigger.dueAt(), acknowledgedAt));
    }
  }

  void failed(TaskType type, int count) {
    registry
        .counter("polling.scheduler.publish_failures", "task_type", type.code())
        .increment(count);
  }

  void skipped(TaskType type, String cause) {
    registry
        .counter("polling.scheduler.skipped", "task_type", type.code(), "cause", cause)
        .increment();
  }

  void round(Duration duration) {
    round.record(duration);
  }

  /** Whether back-pressure's fresh measure held the type back, for the gauge. */
  void measured(TaskType type, boolean heldBack) {
    this.heldBack.put(type, heldBack);
  }
}
