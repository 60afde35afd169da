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
 * the time {@link UsageAwareRule} says, with the decision logged and measured, and how the budget's
 * stretch ({@link IntervalStretches}) is applied after it.
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
   * The plan of a card's next check of {@code type}, {@code plan} made one config interval ahead: a
   * carddata check moved to the time the rule gives, then every check stretched where the carrier's
   * account cannot pay for the intervals. A carddata check whose time the card's limit decides (the
   * limit near, or reached) is never stretched past that time: the stretch saves calls, it must not
   * let a card run past its package's limit. Few cards are that close to their limit, so keeping
   * their wait costs the budget little.
   */
  EnrollmentPlan afterCheck(
      TaskType type, EnrollmentPlan plan, CheckedCard checked, IntervalStretches stretches) {
    long carrierId = checked.card().carrierId();
    Optional<CarddataWait> wait =
        type == TaskType.CARDDATA ? afterCarddataCheck(plan, checked) : Optional.empty();
    if (wait.isEmpty()) {
      return stretches.stretched(plan, carrierId);
    }
    EnrollmentPlan planned = plan.withDue(TaskType.CARDDATA, wait.get().nextCheckAt());
    return boundByLimit(wait.get())
        ? stretches.stretched(planned, carrierId, wait.get().nextCheckAt())
        : stretches.stretched(planned, carrierId);
  }

  /**
   * Whether the card's limit decides the wait: its data used up, or the time predicted to reach it
   * shorter than the longest wait. Not an idle card's longest wait, nor the config's interval.
   */
  boolean boundByLimit(CarddataWait wait) {
    return wait.reason() == CarddataWait.Reason.AT_LIMIT
        || (wait.reason() == CarddataWait.Reason.PREDICTED
            && wait.delay().compareTo(settings.maxInterval()) < 0);
  }

  /**
   * What the rule gives after a carddata check, logged and measured (empty while the option is off
   * or the card gets no carddata check: the config's interval stands).
   */
  private Optional<CarddataWait> afterCarddataCheck(EnrollmentPlan plan, CheckedCard checked) {
    if (!settings.enabled()) {
      return Optional.empty();
    }
    Optional<CarddataWait> wait = waitOf(plan, checked.card(), checked.usage());
    if (wait.isEmpty()) {
      return wait;
    }
    metrics.record(wait.get());
    log.debug(
        "card {}: next carddata check in {} ({}): {}",
        checked.card().id(),
        CarddataWait.inWords(wait.get().delay()),
        wait.get().reason().code(),
        wait.get().why());
    return wait;
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
