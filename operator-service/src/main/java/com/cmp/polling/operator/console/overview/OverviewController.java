package com.cmp.polling.operator.console.overview;

import com.cmp.polling.core.budget.BudgetReports;
import com.cmp.polling.operator.config.MonitoringProperties;
import com.cmp.polling.operator.monitoring.BudgetView;
import com.cmp.polling.operator.monitoring.FleetSnapshot;
import com.cmp.polling.operator.monitoring.RateHistory;
import com.cmp.polling.operator.monitoring.Snapshot;
import com.cmp.polling.operator.monitoring.TaskFigures;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.schedule.DispatchState;
import com.cmp.polling.status.schedule.HoldBackHistory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /console/api/overview}: the last fleet snapshot (never a fresh read, whatever the
 * number of people watching) and the latest hold-backs of every scheduler instance (from Redis);
 * {@code GET /console/api/rates}: the dispatched and handled rates of the last hour; {@code GET
 * /console/api/budget}: the carrier accounts' budgets as the scheduler last computed them.
 */
@RestController
class OverviewController {

  /** Hold-backs listed on the overview, newest first. */
  static final int HOLD_BACKS_SHOWN = 20;

  private final FleetSnapshot snapshot;
  private final RateHistory rates;
  private final HoldBackHistory holdBacks;
  private final MonitoringProperties settings;
  private final BudgetReports budgets;
  private final Clock clock;

  OverviewController(
      FleetSnapshot snapshot,
      RateHistory rates,
      HoldBackHistory holdBacks,
      MonitoringProperties settings,
      BudgetReports budgets,
      Clock clock) {
    this.budgets = budgets;
    this.snapshot = snapshot;
    this.rates = rates;
    this.holdBacks = holdBacks;
    this.settings = settings;
    this.clock = clock;
  }

  @GetMapping("/console/api/overview")
  Overview overview() {
    Snapshot current = snapshot.current();
    Instant now = clock.instant();
    List<Overview.TypeRow> types = new ArrayList<>();
    DispatchState limits = null;
    for (TaskType type : TaskType.values()) {
      TaskFigures figures = current.taskTypes().get(type);
      if (figures != null) {
        types.add(Overview.TypeRow.of(type.code(), figures, now));
        if (limits == null
            && figures.dispatch() != null
            && figures.dispatch().maxLagAge() != null) {
          limits = figures.dispatch();
        }
      }
    }
    List<Overview.DeadLetterRow> deadLetters = new ArrayList<>();
    current
        .deadLetters()
        .forEach((topic, count) -> deadLetters.add(new Overview.DeadLetterRow(topic, count)));
    boolean taken = !current.taskTypes().isEmpty();
    var recent = holdBacks.recent();
    return new Overview(
        taken ? current.at() : null,
        taken ? Duration.between(current.at(), now).toSeconds() : null,
        current.took().toMillis(),
        current.shardCount(),
        settings.overdueGrace().toSeconds(),
        types,
        current.failedShards(),
        current.problems(),
        current.initializer().map(Overview.Initializer::of).orElse(null),
        deadLetters,
        new Overview.HoldBacks(
            limits == null ? null : limits.maxLagAge().toSeconds(),
            limits == null ? null : limits.maxConsumerLag(),
            recent.subList(0, Math.min(HOLD_BACKS_SHOWN, recent.size()))));
  }

  @GetMapping("/console/api/budget")
  List<BudgetView> budget() {
    return BudgetView.all(budgets, clock);
  }

  @GetMapping("/console/api/rates")
  RateHistory.Rates rates() {
    return rates.rates();
  }
}
