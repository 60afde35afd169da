package com.cmp.polling.handlers.base;

import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * {@code polling.handlers.checks} (task_type, result: next, retry, leave, dropped, invalid, failed)
 * and {@code polling.handlers.check_duration} (task_type).
 */
@Component
class HandlerMetrics {

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
}
