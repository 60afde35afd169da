package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Micrometer figures of the scheduler, tagged by {@code task_type} (and {@code source} or {@code
 * cause}), never by card:
 *
 * <ul>
 *   <li>{@code polling.scheduler.dispatched} — tasks published (source: scheduled, manual)
 *   <li>{@code polling.scheduler.publish_failures} — tasks Kafka refused (cards put back)
 *   <li>{@code polling.scheduler.skipped} — rounds skipped by back-pressure (cause: depth, lag)
 *   <li>{@code polling.scheduler.due_to_published} — from a card's due time to its publication
 *   <li>{@code polling.scheduler.round} — duration of a whole round
 * </ul>
 */
@Component
public class SchedulerMetrics {

  private final MeterRegistry registry;
  private final Map<TaskType, Timer> dueToPublished = new EnumMap<>(TaskType.class);
  private final Timer round;

  public SchedulerMetrics(MeterRegistry registry) {
    this.registry = registry;
    for (TaskType type : TaskType.values()) {
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
}
