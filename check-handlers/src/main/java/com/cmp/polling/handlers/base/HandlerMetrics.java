package com.cmp.polling.handlers.base;

import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * {@code polling.handlers.checks} (task_type, result: next, retry, leave, dropped, invalid,
 * superseded — a task whose lease a later task or a completion replaced, dropped without calling
 * the carrier —, failed), {@code polling.handlers.check_duration} (task_type), {@code
 * polling.handlers.slice_size} (task_type: cards of a poll checked together) and {@code
 * polling.handlers.batch_fallbacks} (task_type, step: work shared by a slice that failed and was
 * redone card by card).
 */
@Component
public class HandlerMetrics {

  private final MeterRegistry registry;

  HandlerMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  void result(TaskType type, String result) {
    registry
        .counter("polling.handlers.checks", "task_type", type.code(), "result", result)
        .increment();
  }

  void duration(TaskType type, Duration duration) {
    Timer.builder("polling.handlers.check_duration")
        .tag("task_type", type.code())
        .register(registry)
        .record(duration);
  }

  void sliceSize(TaskType type, int cards) {
    DistributionSummary.builder("polling.handlers.slice_size")
        .tag("task_type", type.code())
        .register(registry)
        .record(cards);
  }

  /** Work a slice shared failed at {@code step} and is being redone card by card. */
  public void batchFallback(TaskType type, String step) {
    registry
        .counter("polling.handlers.batch_fallbacks", "task_type", type.code(), "step", step)
        .increment();
  }
}
