package com.cmp.polling.operator.admin;

import com.cmp.polling.core.budget.BudgetReports;
import com.cmp.polling.operator.monitoring.BudgetView;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.status.schedule.HoldBack;
import com.cmp.polling.status.schedule.HoldBackHistory;
import com.cmp.polling.status.schedule.SchedulerStatsStore;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/monitoring/*}: queues, initializer progress, scheduler statistics, the latest
 * back-pressure hold-backs and the carrier accounts' budgets.
 */
@RestController
class MonitoringController {

  private final QueueOverview queues;
  private final InitProgressStore initProgress;
  private final SchedulerStatsStore stats;
  private final HoldBackHistory holdBacks;
  private final BudgetReports budgets;
  private final Clock clock;

  MonitoringController(
      QueueOverview queues,
      InitProgressStore initProgress,
      SchedulerStatsStore stats,
      HoldBackHistory holdBacks,
      BudgetReports budgets,
      Clock clock) {
    this.queues = queues;
    this.initProgress = initProgress;
    this.stats = stats;
    this.holdBacks = holdBacks;
    this.budgets = budgets;
    this.clock = clock;
  }

  /**
   * Each carrier account's budget as the scheduler last computed it: the calls per second its
   * configured intervals need, what its regular share allows, the stretch of its intervals (empty
   * when no account is configured, or before the scheduler's first computation).
   */
  @GetMapping("/api/monitoring/budget")
  List<BudgetView> budget() {
    return BudgetView.all(budgets, clock);
  }

  @GetMapping("/api/monitoring/queues")
  QueueOverview.Queues queues() {
    return queues.read();
  }

  @GetMapping("/api/monitoring/initializer")
  InitializerStatus initializer() {
    return initProgress
        .read()
        .<InitializerStatus>map(InitializerStatus.Progress::of)
        .orElse(new InitializerStatus.NotStarted(false));
  }

  /**
   * By task type code: {@code polling:stats:{type}}, counters as numbers (empty before a round).
   */
  @GetMapping("/api/monitoring/scheduler")
  Map<String, Map<String, Object>> scheduler() {
    Map<String, Map<String, Object>> byType = new LinkedHashMap<>();
    for (TaskType type : TaskType.values()) {
      Map<String, Object> fields = new LinkedHashMap<>();
      stats.read(type).forEach((name, value) -> fields.put(name, numberOrText(value)));
      byType.put(type.code(), fields);
    }
    return byType;
  }

  /** This instance's latest decisions to hold a task type back, newest first, with their reason. */
  @GetMapping("/api/monitoring/backpressure")
  List<HoldBack> backpressure() {
    return holdBacks.recent();
  }

  private static Object numberOrText(String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      return value;
    }
  }

  /** {@code GET /api/monitoring/initializer}: progress, or {@code {"started": false}}. */
  sealed interface InitializerStatus {

    /** No initialization has run against this Redis yet. */
    record NotStarted(boolean started) implements InitializerStatus {}

    /** Where the initializer stands ({@code etaSeconds} null while unknown). */
    record Progress(
        boolean started,
        long processed,
        long total,
        double percent,
        Long etaSeconds,
        long cardsPerSecond,
        long lastId,
        boolean completed,
        Instant startedAt,
        Instant updatedAt)
        implements InitializerStatus {

      static Progress of(InitProgress p) {
        return new Progress(
            true,
            p.processed(),
            p.total(),
            p.percent(),
            p.etaSeconds(),
            Math.round(p.cardsPerSecond()),
            p.lastId(),
            p.completed(),
            p.startedAt(),
            p.updatedAt());
      }
    }
  }
}
