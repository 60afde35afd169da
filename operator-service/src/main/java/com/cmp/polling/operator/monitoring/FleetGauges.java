package com.cmp.polling.operator.monitoring;

import com.cmp.polling.operator.deadletter.DeadLetterTopics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.initializer.InitProgress;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.springframework.stereotype.Component;

/**
 * Gauges read from the last {@link FleetSnapshot}, so a scrape never reaches Redis or Kafka. NaN
 * until the first snapshot. Tags are fixed sets: {@code task_type}, {@code topic}.
 *
 * <ul>
 *   <li>{@code polling.queue.queued}, {@code .due}, {@code .overdue}, {@code
 *       .oldest_due_age_seconds}, {@code .checking} (permits held), {@code .manual}, {@code
 *       .failed_shards} — per task type
 *   <li>{@code polling.handlers.lag} — tasks published and not yet committed by the handlers (the
 *       tasks in flight, whose cards are leased); {@code polling.handlers.lag_seconds} — how long
 *       the oldest of them has waited. NaN while Kafka does not answer
 *   <li>{@code polling.initializer.processed}, {@code .cards} (cards of the run), {@code .percent},
 *       {@code .eta_seconds}, {@code .completed} (1 or 0)
 *   <li>{@code polling.deadletters.records} — unhandled records per dead-letter topic
 *   <li>{@code polling.snapshot.age_seconds} — how old the figures are
 * </ul>
 */
@Component
class FleetGauges {

  FleetGauges(FleetSnapshot snapshot, MeterRegistry registry, Clock clock) {
    for (TaskType type : TaskType.values()) {
      perType(
          registry,
          snapshot,
          type,
          "polling.queue.queued",
          "cards in the queues",
          TaskFigures::queued);
      perType(
          registry,
          snapshot,
          type,
          "polling.queue.due",
          "cards whose check time has come",
          TaskFigures::due);
      perType(
          registry,
          snapshot,
          type,
          "polling.queue.overdue",
          "cards due for longer than the overdue grace",
          TaskFigures::overdue);
      perType(
          registry,
          snapshot,
          type,
          "polling.queue.oldest_due_age_seconds",
          "how long the card waiting longest has been due",
          TaskFigures::oldestDueAgeSeconds);
      perType(
          registry,
          snapshot,
          type,
          "polling.queue.checking",
          "checks running now in all handler instances",
          TaskFigures::checking);
      perType(
          registry,
          snapshot,
          type,
          "polling.queue.manual",
          "manual triggers waiting for the next round",
          TaskFigures::manual);
      perType(
          registry,
          snapshot,
          type,
          "polling.handlers.lag",
          "tasks published and not yet committed by the handlers",
          f -> f.lag().known() ? f.lag().tasks() : Double.NaN);
      perType(
          registry,
          snapshot,
          type,
          "polling.handlers.lag_seconds",
          "how long the oldest task the handlers have not committed has waited",
          f -> f.lag().known() ? f.lag().oldestAge().toMillis() / 1000.0 : Double.NaN);
      Gauge.builder(
              "polling.queue.failed_shards",
              snapshot,
              s ->
                  s.current().taskTypes().isEmpty()
                      ? Double.NaN
                      : s.current().failedShards().stream()
                          .filter(f -> f.taskType().equals(type.code()))
                          .count())
          .description("shard queues whose figures could not be read")
          .tag("task_type", type.code())
          .register(registry);
    }
    initializer(registry, snapshot, "polling.initializer.processed", p -> (double) p.processed());
    initializer(registry, snapshot, "polling.initializer.cards", p -> (double) p.total());
    initializer(registry, snapshot, "polling.initializer.percent", InitProgress::percent);
    initializer(
        registry,
        snapshot,
        "polling.initializer.eta_seconds",
        p -> p.etaSeconds() == null ? Double.NaN : p.etaSeconds());
    initializer(
        registry, snapshot, "polling.initializer.completed", p -> p.completed() ? 1.0 : 0.0);
    for (String topic : DeadLetterTopics.names()) {
      Gauge.builder(
              "polling.deadletters.records",
              snapshot,
              s -> {
                Long count = s.current().deadLetters().get(topic);
                return count == null ? Double.NaN : count;
              })
          .description("dead-letter records not yet replayed or discarded")
          .tag("topic", topic)
          .register(registry);
    }
    Gauge.builder(
            "polling.snapshot.age_seconds",
            snapshot,
            s ->
                s.current().taskTypes().isEmpty()
                    ? Double.NaN
                    : Duration.between(s.current().at(), clock.instant()).toMillis() / 1000.0)
        .description("age of the figures the polling gauges export")
        .register(registry);
  }

  private static void perType(
      MeterRegistry registry,
      FleetSnapshot snapshot,
      TaskType type,
      String name,
      String description,
      ToDoubleFunction<TaskFigures> figure) {
    Gauge.builder(
            name,
            snapshot,
            s -> {
              TaskFigures figures = s.current().taskTypes().get(type);
              return figures == null ? Double.NaN : figure.applyAsDouble(figures);
            })
        .description(description)
        .tag("task_type", type.code())
        .register(registry);
  }

  private static void initializer(
      MeterRegistry registry,
      FleetSnapshot snapshot,
      String name,
      Function<InitProgress, Double> figure) {
    Gauge.builder(name, snapshot, s -> s.current().initializer().map(figure).orElse(Double.NaN))
        .register(registry);
  }
}
