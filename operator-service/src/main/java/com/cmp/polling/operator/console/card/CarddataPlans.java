package com.cmp.polling.operator.console.card;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.CarddataWait;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.enrollment.UsageAwareSettings;
import com.cmp.polling.core.enrollment.UsageOutlook;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * Why a card's next carddata check is when it is: the planner's usage-aware carddata intervals
 * applied to what is stored of the card now (its counters with their last move, what its packages
 * still allow), as they would be were it checked now and found unchanged.
 */
@Component
class CarddataPlans {

  private final CardPlanner planner;
  private final PackageUsageStore packages;
  private final Clock clock;

  CarddataPlans(CardPlanner planner, PackageUsageStore packages, Clock clock) {
    this.planner = planner;
    this.packages = packages;
    this.clock = clock;
  }

  /**
   * @param card the card with its month usage counters
   * @param plan its plan, as the page made it
   * @return null when the card gets no carddata check
   */
  CardView.CarddataPlan of(Card card, EnrollmentPlan plan) {
    if (!plan.taskTypes().contains(TaskType.CARDDATA)) {
      return null;
    }
    UsageOutlook outlook =
        UsageOutlook.of(
            card.monthUsage(),
            packages.allowanceOf(card.packageOwner()),
            card.inDevice(),
            clock.instant());
    return planner
        .carddataWait(plan, card, outlook)
        .map(wait -> view(wait, card, planner.usageAware()))
        .orElse(null);
  }

  private static CardView.CarddataPlan view(
      CarddataWait wait, Card card, UsageAwareSettings settings) {
    UsageOutlook outlook = wait.outlook();
    return new CardView.CarddataPlan(
        settings.enabled(),
        wait.reason().code(),
        explanation(wait, card, settings),
        wait.delay().toSeconds(),
        wait.limitAt(),
        outlook.rate() == null ? null : outlook.rate().mbPerHour(),
        outlook.rate() == null ? null : outlook.rate().basis().words(),
        outlook.limit().name().toLowerCase(Locale.ROOT),
        outlook.remainingMb());
  }

  /** The reason in words, to follow "next carddata check 14:05: ". */
  static String explanation(CarddataWait wait, Card card, UsageAwareSettings settings) {
    String packages = card.inDevice() ? "the device's package" : "the package";
    return switch (wait.reason()) {
      case PREDICTED ->
          String.format(
              Locale.ROOT,
              "at %.1f MB/h (%s) %s reaches its limit",
              wait.outlook().rate().mbPerHour(),
              wait.outlook().rate().basis().words(),
              packages);
      case IDLE ->
          "idle: checked every " + CarddataWait.inWords(settings.maxInterval()) + " at most";
      case AT_LIMIT ->
          "the data of "
              + packages
              + " is used up: checked every "
              + CarddataWait.inWords(settings.minInterval())
              + " until the rules stop the card";
      case CONFIG -> wait.why();
    };
  }
}
