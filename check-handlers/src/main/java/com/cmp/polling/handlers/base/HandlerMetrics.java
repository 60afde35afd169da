package com.cmp.polling.handlers.base;

import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * {@code polling.handlers.checks} (task_type, result: the {@link TaskResult#tag() tag} of each
 * task's result: next, retry, leave, dropped, invalid, superseded, failed), {@code
 * polling.handlers.check_duration} (task_type), {@code polling.handlers.slice_size} (task_type:
 * cards of a poll checked together), {@code polling.handlers.batch_fallbacks} (task_type, step:
 * work shared by a slice that failed and was redone card by card), {@code
 * polling.handlers.carrier_cap_put_off} (task_type: checks put off without a carrier query, their
 * carrier's {@link CarrierQueryCap cap} reached), {@code polling.handlers.budget_put_off}
 * (task_type: regular checks put off without a carrier query, their carrier account's regular share
 * of calls spent for the moment) and {@code polling.handlers.lateness} (task_type, source:
 * scheduled or manual — from the task's due time to the moment its check is settled).
 */
@Component
public class HandlerMetrics {

  private final MeterRegistry registry;
  private final Clock clock;
  // Each check is counted and timed: the meters are looked up once, not built again per check.
  private final Map<TaskType, Map<TaskResult, Counter>> checks = new EnumMap<>(TaskType.class);
  private final Map<TaskType, Timer> durations = new EnumMap<>(TaskType.class);
  private final Map<TaskType, Timer> scheduledLateness = new EnumMap<>(TaskType.class);
  private final Map<TaskType, Timer> manualLateness = new EnumMap<>(TaskType.class);

  HandlerMetrics(MeterRegistry registry, Clock clock) {
    this.registry = registry;
    this.clock = clock;
    for (TaskType type : TaskType.values()) {
      Map<TaskResult, Counter> byResult = new EnumMap<>(TaskResult.class);
      for (TaskResult result : TaskResult.values()) {
        byResult.put(
            result,
            registry.counter(
                "polling.handlers.checks", "task_type", type.code(), "result", result.tag()));
      }
      checks.put(type, byResult);
      durations.put(
          type,
          Timer.builder("polling.handlers.check_duration")
              .tag("task_type", type.code())
              .register(registry));
      scheduledLateness.put(type, latenessTimer(type, "scheduled"));
      manualLateness.put(type, latenessTimer(type, "manual"));
    }
  }

  /**
   * A task settled: counted under its result, and timed from when its poll's handling began.
   *
   * @param startedNanos {@link System#nanoTime} when the handling of the task's poll began
   */
  void settled(TaskType type, TaskResult result, long startedNanos) {
    counted(type, result);
    durations.get(type).record(System.nanoTime() - startedNanos, TimeUnit.NANOSECONDS);
  }

  /** A record counted without a duration: it never became a task to time (see {@link #settled}). */
  void counted(TaskType type, TaskResult result) {
    checks.get(type).get(result).increment();
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

  /** Regular checks put off without their carrier query: their account's share was spent. */
  void overBudget(TaskType type, int checks) {
    registry.counter("polling.handlers.budget_put_off", "task_type", type.code()).increment(checks);
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
    Map<TaskType, Timer> timers = task.manual() ? manualLateness : scheduledLateness;
    timers.get(task.taskType()).record(late.isNegative() ? Duration.ZERO : late);
  }

  private Timer latenessTimer(TaskType type, String source) {
    return Timer.builder("polling.handlers.lateness")
        .tag("task_type", type.code())
        .tag("source", source)
        .publishPercentiles(0.5, 0.99)
        .publishPercentileHistogram()
        .serviceLevelObjectives(Duration.ofSeconds(2))
        .maximumExpectedValue(Duration.ofHours(1))
        .register(registry);
  }
}
