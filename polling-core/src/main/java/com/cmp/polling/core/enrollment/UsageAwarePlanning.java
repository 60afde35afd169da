package com.cmp.polling.core.enrollment;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link CardPlanner}'s side of the usage-aware carddata intervals: a carddata check's plan given
 * the time {@link UsageAwareRule} says, with the decision logged and measured.
 */
final class UsageAwarePlanning {

  private static final Logger log = LoggerFactory.getLogger(UsageAwarePlanning.class);

  private final UsageAwareSettings settings;
  private final UsageAwareRule rule;
  private final PlanningMetrics metrics;

  UsageAwarePlanning(UsageAwareSettings settings, Clock clock, PlanningMetrics metrics) {
    this.settings = settings;
    this.rule = new UsageAwareRule(settings, clock);
    this.metrics = metrics;
  }

  UsageAwareSettings settings() {
    return settings;
  }

  /**
   * The plan of a card's next carddata check, {@code plan} made one config interval ahead, moved to
   * the time the rule gives (unchanged while the option is off or the card gets no carddata check).
   */
  EnrollmentPlan afterCarddataCheck(EnrollmentPlan plan, CheckedCard checked) {
    if (!settings.enabled()) {
      return plan;
    }
    Optional<CarddataWait> wait = waitOf(plan, checked.card(), checked.usage());
    if (wait.isEmpty()) {
      return plan;
    }
    metrics.record(wait.get());
    log.debug(
        "card {}: next carddata check in {} ({}): {}",
        checked.card().id(),
        CarddataWait.inWords(wait.get().delay()),
        wait.get().reason().code(),
        wait.get().why());
    return plan.withDue(TaskType.CARDDATA, wait.get().nextCheckAt());
  }

  /**
   * What the rule gives a card planned by {@code plan}: empty when the plan has no carddata check
   * (not polled, or its config checks no usage).
   */
  Optional<CarddataWait> waitOf(EnrollmentPlan plan, Card card, UsageOutlook outlook) {
    if (plan.config() == null || plan.dueAt(TaskType.CARDDATA).isEmpty()) {
      return Optional.empty();
    }
    Duration interval = plan.config().interval(TaskType.CARDDATA).orElseThrow();
    return Optional.of(rule.after(outlook, card.isOnline(), interval));
  }
}
