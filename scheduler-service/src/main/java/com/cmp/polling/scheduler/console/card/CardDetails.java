package com.cmp.polling.scheduler.console.card;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.device.Device;
import com.cmp.polling.core.device.DeviceStore;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.enrollment.Timing;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.QueueInspector;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.core.usage.DataUsageStore;
import com.cmp.polling.scheduler.console.ConsoleNotFoundException;
import com.cmp.polling.scheduler.console.card.CardView.QueuePlace;
import com.cmp.polling.scheduler.rules.ExemptionView;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.rules.StopRules;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Puts together a {@link CardView}: PostgreSQL for the card, Redis for its place in the queues, and
 * the stop rules (with the rule switches in force) for the reasons a switch sets aside.
 */
@Component
class CardDetails {

  /** Data-usage samples shown (the newest). */
  static final int USAGE_SAMPLES = 50;

  private final CardStore cards;
  private final DeviceStore devices;
  private final PackageUsageStore packages;
  private final DataUsageStore usage;
  private final StopResumeLogStore history;
  private final CardPlanner planner;
  private final ProtectionPeriods protection;
  private final StopRules rules;
  private final QueueInspector queues;
  private final LastCheckRecords lastChecks;
  private final Duration lease;
  private final Clock clock;

  CardDetails(
      CardStore cards,
      DeviceStore devices,
      PackageUsageStore packages,
      DataUsageStore usage,
      StopResumeLogStore history,
      CardPlanner planner,
      ProtectionPeriods protection,
      StopRules rules,
      QueueInspector queues,
      LastCheckRecords lastChecks,
      PollingProperties polling,
      Clock clock) {
    this.cards = cards;
    this.devices = devices;
    this.packages = packages;
    this.usage = usage;
    this.history = history;
    this.planner = planner;
    this.protection = protection;
    this.rules = rules;
    this.queues = queues;
    this.lastChecks = lastChecks;
    this.lease = polling.queue().lease();
    this.clock = clock;
  }

  /**
   * @throws ConsoleNotFoundException for an unknown or deleted card
   */
  CardView of(long cardId) {
    Card card =
        cards
            .findById(cardId)
            .orElseThrow(
                () ->
                    new ConsoleNotFoundException(
                        "card " + cardId + " does not exist (or is deleted)"));
    Optional<Device> device =
        card.inDevice() ? devices.findById(card.deviceId()) : Optional.empty();
    EnrollmentPlan plan = planner.plan(card, Timing.AFTER_INTERVAL);
    CardView.Polling polling =
        new CardView.Polling(
            plan.isPolled(),
            plan.skipReason(),
            ConfigSnapshot.conditionOf(card).code(),
            plan.config() == null ? null : plan.config().id(),
            plan.config() == null ? null : plan.config().name(),
            plan.taskTypes().stream().map(TaskType::code).toList());
    return new CardView(
        CardView.CardRow.of(card),
        device.map(CardView.DeviceRow::of).orElse(null),
        polling,
        // The verdict StopResumeService acts on, so the page cannot disagree with the decision.
        rules.verdict(card).exempted().stream().map(ExemptionView::of).toList(),
        protection.desiredState(cardId).map(state -> state.code()).orElse(null),
        protection.remaining(cardId).map(Duration::toSeconds).orElse(null),
        card.packageOwner().toString(),
        packages.findAll(card.packageOwner()).stream().map(CardView.PackageRow::of).toList(),
        places(cardId),
        usage.findLatestByCard(cardId, USAGE_SAMPLES).stream().map(CardView.UsageRow::of).toList(),
        history.findByCard(cardId).stream().map(CardView.HistoryRow::of).toList());
  }

  private List<QueuePlace> places(long cardId) {
    Instant now = clock.instant();
    Map<String, LastCheckRecords.LastCheck> last = lastChecks.of(cardId);
    List<QueuePlace> places = new ArrayList<>();
    for (TaskType type : TaskType.values()) {
      Optional<Instant> next = queues.nextCheckOf(cardId, type);
      LastCheckRecords.LastCheck check = last.get(type.code());
      places.add(
          new QueuePlace(
              type.code(),
              next.orElse(null),
              state(next, check, now),
              queues.manualPending(cardId, type),
              check == null ? null : check.at(),
              check == null ? null : check.result()));
    }
    return places;
  }

  /**
   * A score within one lease of now with no check ended since that lease would have begun is most
   * likely a lease deadline: the card's task is on its way or being checked.
   */
  private String state(Optional<Instant> next, LastCheckRecords.LastCheck check, Instant now) {
    if (next.isEmpty()) {
      return "not queued";
    }
    Instant at = next.get();
    if (!at.isAfter(now)) {
      return "due";
    }
    Instant leaseBegan = at.minus(lease);
    boolean withinLease = !leaseBegan.isAfter(now);
    boolean checkedSince = check != null && !check.at().isBefore(leaseBegan);
    return withinLease && !checkedSince ? "in flight (likely)" : "scheduled";
  }
}
