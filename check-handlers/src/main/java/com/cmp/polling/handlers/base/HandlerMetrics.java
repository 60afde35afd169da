package com.cmp.polling.handlers.base;

import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * {@code polling.handlers.checks} (task_type, result: the {@link TaskResult#tag() tag} of each
 * task's result: next, retry, leave, dropped, invalid, superseded, failed), {@code
 * polling.handlers.check_duration} (task_type), {@code polling.handlers.slice_size} (task_type:
 * cards of a poll checked together), {@code polling.handlers.batch_fallbacks} (task_type, step:
 * work shared by a slice that failed and was redone card by card), {@code
 * polling.handlers.carrier_cap_put_off} (task_type: checks put off without a carrier query, their
 * carrier's {@link CarrierQueryCap cap} reached) and {@code polling.handlers.lateness} (task_type,
 * source: scheduled or manual — from the task's due time to the moment its check is settled).
 */
@Component
public class HandlerMetrics {

  private final MeterRegistry registry;
  private final Clock clock;

  HandlerMetrics(MeterRegistry registry, Clock clock) {
    this.registry = registry;
    this.clock = clock;
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

  /** Checks put off without their carrier query: their carrier's cap here was reached. */
  void overCarrierCap(TaskType type, int checks) {
    registry
        .counter("polling.handlers.carrier_cap_put_off", "task_type", type.code())
        .increment(checks);
  }

  /** Work a slice shared failed at {@code step} and is being redone card by card. */
  public void batchFallback(TaskType type, String step) {
    registry
        .counter("polling.handlers.batch_fallbacks", "task_type", type.code(), "step", step)
        .increment();
  }

  /**
   * How late the task's check was settled: now minus its due time (the queue score, or a manual
   * trigger's time). Percentiles here and a histogram for Prometheus, up to an hour so that a
   * backlog shows in it, with a bucket at exactly 2 s (the lateness the pipeline aims under).
   */
  void lateness(CheckTask task) {
    Duration late = Duration.between(task.dueAt(), clock.instant());
    Timer.builder("polling.handlers.lateness")
        .tag("task_type", task.taskType().code())
        .tag("source", task.manual() ? "manual" : "scheduled")
        .publishPercentiles(0.5, 0.99)
        .publishPercentileHistogram()
        .serviceLevelObjectives(Duration.ofSeconds(2))
        .maximumExpectedValue(Duration.ofHours(1))
        .register(registry)
        .record(late.isNegative() ? Duration.ZERO : late);
  }
}
