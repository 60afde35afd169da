package com.cmp.polling.handlers.base;

import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * {@code polling.handlers.checks} (task_type, result: the {@link TaskResult#tag() tag} of each
 * task's result: next, retry, leave, dropped, invalid, superseded, failed), {@code
 * polling.handlers.check_duration} (task_type), {@code polling.handlers.slice_size} (task_type:
 * cards of a poll checked together) and {@code polling.handlers.batch_fallbacks} (task_type, step:
 * work shared by a slice that failed and was redone card by card).
 */
@Component
public class HandlerMetrics {

  private final MeterRegistry registry;

  HandlerMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  /**
   * A task settled: counted under its result, and timed from when its poll's handling began.
   *
   * @param startedNanos {@link System#nanoTime} when the handling of the task's poll began
   */
  void settled(TaskType type, TaskResult result, long startedNanos) {
    counted(type, result);
    Timer.builder("polling.handlers.check_duration")
        .tag("task_type", type.code())
        .register(registry)
        .record(Duration.ofNanos(System.nanoTime() - startedNanos));
  }

  /** A record counted without a duration: it never became a task to time (see {@link #settled}). */
  void counted(TaskType type, TaskResult result) {
    registry
        .counter("polling.handlers.checks", "task_type", type.code(), "result", result.tag())
        .increment();
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
