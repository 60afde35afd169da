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
 *   <li>{@code polling.scheduler.round} — duration of a whole round
 *   <li>gauges, as last measured by back-pressure: {@code polling.scheduler.consumer_lag} (tasks
 *       waiting for the handlers), {@code polling.scheduler.consumer_lag_age} (seconds the oldest
 *       of them has waited), {@code polling.scheduler.due_backlog} (cards due and not dispatched),
 *       {@code polling.scheduler.oldest_due_age} (seconds the oldest of them has waited), {@code
 *       polling.scheduler.held_back} (1 while the type is held back)
 * </ul>
 */
@Component
public class SchedulerMetrics {

  private final MeterRegistry registry;
  private final Map<TaskType, Timer> dueToPublished = new EnumMap<>(TaskType.class);
  private final Timer round;
  // Replaced whole at each measure: the gauges read a consistent, safely published array.
  private final Map<TaskType, double[]> lastMeasured = new ConcurrentHashMap<>();

  public SchedulerMetrics(MeterRegistry registry) {
    this.registry = registry;
    String[] gauges = {
      "polling.scheduler.consumer_lag",
      "polling.scheduler.consumer_lag_age",
      "polling.scheduler.due_backlog",
      "polling.scheduler.oldest_due_age",
      "polling.scheduler.held_back"
    };
    for (TaskType type : TaskType.values()) {
      lastMeasured.put(type, new double[gauges.length]);
      for (int i = 0; i < gauges.length; i++) {
        int figure = i;
        Gauge.builder(gauges[i], lastMeasured, m -> m.get(type)[figure])
            .tag("task_type", type.code())
            .register(registry);
      }
      dueToPublished.put(
          type,
          Timer.builder("polling.scheduler.due_to_published")
              .tag("task_type", type.code())
              .publishPercentiles(0.5, 0.99)
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

  /** The figures back-pressure just measured, for the gauges. */
  void measured(TaskType type, BackpressureMeasures measures, boolean heldBack) {
    double[] figures = lastMeasured.get(type).clone();
    figures[0] = measures.lag().tasks();
    figures[1] = measures.lag().oldestAge().toMillis() / 1000.0;
    if (measures.backlog() != null) {
      figures[2] = measures.backlog().due();
      figures[3] = measures.backlog().oldestAge().toMillis() / 1000.0;
    }
    figures[4] = heldBack ? 1 : 0;
    lastMeasured.put(type, figures);
  }
}
