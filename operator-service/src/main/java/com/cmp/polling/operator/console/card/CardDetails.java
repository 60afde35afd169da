package com.cmp.polling.operator.console.card;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.device.Device;
import com.cmp.polling.core.device.DeviceStore;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.enrollment.Timing;
import com.cmp.polling.core.packageusage.PackageUsageStore;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.QueueInspector;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.core.usage.DataUsageSample;
import com.cmp.polling.core.usage.DataUsageStore;
import com.cmp.polling.operator.console.card.CardView.QueuePlace;
import com.cmp.polling.operator.rules.ExemptionView;
import com.cmp.polling.operator.web.NotFoundException;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.rules.StopRules;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Puts together a {@link CardView}: PostgreSQL for the card, its usage samples and its stop/resume
 * log, Redis for its place in the queues, its config for the intervals, and the stop rules (with
 * the rule switches in force) for the reasons a switch sets aside. When a check last ended is read
 * from what the pipeline keeps anyway: a check that completes writes its card's next time, one
 * interval on, into the queue, and a carddata check writes a usage sample.
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
  private final CarddataPlans carddataPlans;
  private final Duration lease;
  private final boolean usageAware;
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
      CarddataPlans carddataPlans,
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
    this.carddataPlans = carddataPlans;
    this.lease = polling.queue().lease();
    this.usageAware = polling.planning().usageAware().enabled();
    this.clock = clock;
  }

  /**
   * @throws NotFoundException for an unknown or deleted card
   */
  CardView of(long cardId) {
    Card card =
        cards
            .findById(cardId)
            .orElseThrow(
                () -> new NotFoundException("card " + cardId + " does not exist (or is deleted)"));
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
    List<DataUsageSample> samples = usage.findLatestByCard(cardId, USAGE_SAMPLES);
    Instant lastSample = samples.isEmpty() ? null : samples.get(0).sampledAt();
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
        places(cardId, plan.config(), lastSample),
        carddataPlans.of(card, plan),
        samples.stream().map(CardView.UsageRow::of).toList(),
        history.findByCard(cardId).stream().map(CardView.HistoryRow::of).toList());
  }

  private List<QueuePlace> places(long cardId, PollingConfig config, Instant lastSample) {
    Instant now = clock.instant();
    List<QueuePlace> places = new ArrayList<>();
    for (TaskType type : TaskType.values()) {
      Optional<Instant> next = queues.nextCheckOf(cardId, type);
      Duration interval = config == null ? null : config.interval(type).orElse(null);
      LastCheck last = lastCheck(type, next, interval, lastSample, now);
      places.add(
          new QueuePlace(
              type.code(),
              next.orElse(null),
              state(next, last, now),
              queues.manualPending(cardId, type),
              interval == null ? null : interval.toSeconds(),
              last == null ? null : last.at(),
              last == null ? null : last.from()));
    }
    return places;
  }

  /**
   * When the type's last check of the card ended, as far as what is kept tells: for carddata its
   * newest usage sample; otherwise its next check time less the interval, which is when the
   * completion wrote it, for a time beyond one lease of now (within it, the score may be a lease
   * deadline instead). Not for carddata under the usage-aware intervals, whose next check is not
   * one interval on.
   */
  private LastCheck lastCheck(
      TaskType type, Optional<Instant> next, Duration interval, Instant lastSample, Instant now) {
    if (type == TaskType.CARDDATA && lastSample != null) {
      return new LastCheck(lastSample, "usage sample");
    }
    if (type == TaskType.CARDDATA && usageAware) {
      return null;
    }
    if (next.isEmpty() || interval == null || !next.get().isAfter(now.plus(lease))) {
      return null;
    }
    return new LastCheck(next.get().minus(interval), "next check less the interval");
  }

  /**
   * A score within one lease of now with no check known to have ended since that lease would have
   * begun is most likely a lease deadline: the card's task is on its way or being checked.
   */
  private String state(Optional<Instant> next, LastCheck last, Instant now) {
    if (next.isEmpty()) {
      return "not queued";
    }
    Instant at = next.get();
    if (!at.isAfter(now)) {
      return "due";
    }
    Instant leaseBegan = at.minus(lease);
    boolean withinLease = !leaseBegan.isAfter(now);
    boolean checkedSince = last != null && !last.at().isBefore(leaseBegan);
    return withinLease && !checkedSince ? "in flight (likely)" : "scheduled";
  }

  /** When a check ended, and what says so. */
  private record LastCheck(Instant at, String from) {}
}
