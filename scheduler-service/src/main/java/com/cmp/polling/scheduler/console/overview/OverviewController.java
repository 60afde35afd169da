package com.cmp.polling.scheduler.console.overview;

import com.cmp.polling.scheduler.initializer.InitProgress;
import com.cmp.polling.scheduler.monitoring.FleetSnapshot;
import com.cmp.polling.scheduler.monitoring.MonitoringProperties;
import com.cmp.polling.scheduler.monitoring.RateHistory;
import com.cmp.polling.scheduler.monitoring.Snapshot;
import com.cmp.polling.scheduler.monitoring.TaskFigures;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /console/api/overview}: the last fleet snapshot (never a fresh read, whatever the
 * number of people watching); {@code GET /console/api/rates}: the dispatched and handled rates of
 * the last hour.
 */
@RestController
class OverviewController {

  private final FleetSnapshot snapshot;
  private final RateHistory rates;
  private final MonitoringProperties settings;
  private final Clock clock;

  OverviewController(
      FleetSnapshot snapshot, RateHistory rates, MonitoringProperties settings, Clock clock) {
    this.snapshot = snapshot;
    this.rates = rates;
    this.settings = settings;
    this.clock = clock;
  }

  @GetMapping("/console/api/overview")
  Overview overview() {
    Snapshot current = snapshot.current();
    List<TypeRow> types = new ArrayList<>();
    for (TaskType type : TaskType.values()) {
      TaskFigures f = current.taskTypes().get(type);
      if (f != null) {
        types.add(
            new TypeRow(
                type.code(),
                f.queued(),
                f.due(),
                f.overdue(),
                f.oldestDueAgeSeconds(),
                f.inFlight(),
                f.checking(),
                f.manual(),
                f.dueByShard()));
      }
    }
    List<DeadLetterRow> deadLetters = new ArrayList<>();
    current
        .deadLetters()
        .forEach((topic, count) -> deadLetters.add(new DeadLetterRow(topic, count)));
    boolean taken = !current.taskTypes().isEmpty();
    return new Overview(
        taken ? current.at() : null,
        taken ? Duration.between(current.at(), clock.instant()).toSeconds() : null,
        current.took().toMillis(),
        current.shardCount(),
        settings.overdueGrace().toSeconds(),
        types,
        current.failedShards(),
        current.problems(),
        current.initializer().map(Initializer::of).orElse(null),
        deadLetters);
  }

  @GetMapping("/console/api/rates")
  RateHistory.Rates rates() {
    return rates.rates();
  }

  /**
   * @param at when the figures were read (null before the first snapshot)
   * @param ageSeconds how old they are
   * @param initializer null before any initializer run against this Redis
   */
  record Overview(
      Instant at,
      Long ageSeconds,
      long tookMillis,
      int shardCount,
      long overdueGraceSeconds,
      List<TypeRow> taskTypes,
      List<Snapshot.FailedShard> failedShards,
      List<String> problems,
      Initializer initializer,
      List<DeadLetterRow> deadLetters) {}

  /** One task type; {@code inFlight} is the handlers' lag (tasks published, not yet settled). */
  record TypeRow(
      String taskType,
      long queued,
      long due,
      long overdue,
      long oldestDueAgeSeconds,
      long inFlight,
      long checking,
      long manual,
      List<Long> dueByShard) {}

  record DeadLetterRow(String topic, long unhandled) {}

  record Initializer(
      long processed,
      long total,
      double percent,
      Long etaSeconds,
      long cardsPerSecond,
      boolean completed,
      Instant startedAt,
      Instant updatedAt) {

    static Initializer of(InitProgress p) {
      return new Initializer(
          p.processed(),
          p.total(),
          p.percent(),
          p.etaSeconds(),
          Math.round(p.cardsPerSecond()),
          p.completed(),
          p.startedAt(),
          p.updatedAt());
    }
  }
}
