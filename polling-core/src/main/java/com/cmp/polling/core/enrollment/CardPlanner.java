package com.cmp.polling.core.enrollment;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.device.DeviceStore;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The one place that decides whether cards are polled, under which config, and when each of their
 * checks is due (docs/architecture.md, "The rules"): the initializer, the lifecycle service, config
 * re-enrollment, manual triggers, the console and the check handlers all ask here.
 *
 * <p>Batch first: each call takes many cards and reads what their decisions need once for all of
 * them — the configs in force (in memory), the polling flags of their devices (one query), the
 * protection periods (one pipelined Redis round trip) — then applies the rule ({@link
 * CardEnrollment}) card by card. A single card is a batch of one. Plans come back in the order of
 * the cards given.
 */
public class CardPlanner {

  private final PollingConfigManager configs;
  private final DeviceStore devices;
  private final ProtectionPeriods protection;
  private final CardEnrollment rule;
  private final UsageAwarePlanning usageAware;
  private final IntervalStretches stretches;
  private final CarddataAlignment alignment;

  /** A planner whose carddata checks follow their config's interval alone. */
  public CardPlanner(
      PollingConfigManager configs,
      DeviceStore devices,
      ProtectionPeriods protection,
      Clock clock) {
    this(
        configs,
        devices,
        protection,
        clock,
        UsageAwareSettings.OFF,
        new PlanningMetrics(new SimpleMeterRegistry()));
  }

  /**
   * A planner whose checks after a check follow their intervals, unstretched, and whose carddata
   * checks are not lined up for batch calls.
   */
  public CardPlanner(
      PollingConfigManager configs,
      DeviceStore devices,
      ProtectionPeriods protection,
      Clock clock,
      UsageAwareSettings usageAware,
      PlanningMetrics metrics) {
    this(
        configs,
        devices,
        protection,
        clock,
        usageAware,
        metrics,
        IntervalStretches.NONE,
        CarddataAlignment.off(clock));
  }

  /**
   * @param usageAware whether (and within which bounds) a carddata check's next time follows the
   *     card's usage ({@link CarddataIntervals})
   * @param stretches how much further apart the next checks of a carrier's cards go while its
   *     account's budget cannot pay for the configured intervals
   * @param alignment how the carddata checks of batch-capable carriers are lined up (after the
   *     stretch, so a stretched time is moved earlier onto its grid, never later)
   */
  public CardPlanner(
      PollingConfigManager configs,
      DeviceStore devices,
      ProtectionPeriods protection,
      Clock clock,
      UsageAwareSettings usageAware,
      PlanningMetrics metrics,
      IntervalStretches stretches,
      CarddataAlignment alignment) {
    this.stretches = stretches;
    this.alignment = alignment;
    this.configs = configs;
    this.devices = devices;
    this.protection = protection;
    this.rule = new CardEnrollment(clock);
    this.usageAware = new UsageAwarePlanning(usageAware, clock, metrics);
  }

  /**
   * The usage-aware carddata intervals alone, on {@code clock}: the rule {@link #afterCheck}
   * applies, for code that replays it on a clock of its own (nothing is read).
   */
  public static CarddataIntervals carddataIntervals(UsageAwareSettings settings, Clock clock) {
    return new UsageAwareRule(settings, clock);
  }

  /** The usage-aware carddata intervals' settings of this planner. */
  public UsageAwareSettings usageAware() {
    return usageAware.settings();
  }

  /** {@link #plan(List, Timing)} for one card. */
  public EnrollmentPlan plan(Card card, Timing timing) {
    return plan(List.of(card), timing).get(0);
  }

  /** The plans of the cards under the configs in force. */
  public List<EnrollmentPlan> plan(List<Card> cards, Timing timing) {
    return plan(cards, timing, configs.snapshot());
  }

  /**
   * The plans of the cards under the given configs: one device query and one protection read for
   * all of them (none for an empty list).
   */
  public List<EnrollmentPlan> plan(List<Card> cards, Timing timing, ConfigSnapshot snapshot) {
    if (cards.isEmpty()) {
      return List.of();
    }
    Set<Long> allowed = allowedByTheirDevice(cards);
    Set<Long> protectedCards = protectedAmong(cards);
    List<EnrollmentPlan> plans = new ArrayList<>(cards.size());
    for (Card card : cards) {
      plans.add(
          rule.plan(
              card,
              allowed.contains(card.id()),
              protectedCards.contains(card.id()),
              timing,
              snapshot));
    }
    return plans;
  }

  /**
   * What a config change does to the cards: those whose governing config differs between {@code
   * before} and {@code after}, each with its old config and its plan under {@code after} (first
   * checks spread over each interval). Cards whose config did not change are left out, and the
   * device and protection reads cover only the others.
   */
  public List<ConfigMove> configMoves(
      List<Card> cards, ConfigSnapshot before, ConfigSnapshot after) {
    List<Card> changed = new ArrayList<>();
    List<Optional<PollingConfig>> old = new ArrayList<>();
    for (Card card : cards) {
      Optional<PollingConfig> was = before.match(card);
      if (!was.equals(after.match(card))) {
        changed.add(card);
        old.add(was);
      }
    }
    List<EnrollmentPlan> plans = plan(changed, Timing.SPREAD, after);
    List<ConfigMove> moves = new ArrayList<>(plans.size());
    for (int i = 0; i < plans.size(); i++) {
      moves.add(new ConfigMove(old.get(i), plans.get(i)));
    }
    return moves;
  }

  /**
   * After a check of {@code type}: each card's plan for that one check, due one interval from now,
   * under the configs in force and with the device flag the check found (no device query). The
   * protection periods are read, once, only for protect checks: no other interval depends on them.
   * A carddata check's next time follows the card's usage instead where the usage-aware intervals
   * are on ({@link CarddataIntervals}, from the outlook the check supplied). The wait is then
   * stretched where the card's carrier account cannot pay for the intervals ({@link
   * IntervalStretches}), though never past a carddata time the card's package limit decided, and,
   * last, a carddata check moved earlier onto its group's grid where its carrier's checks are lined
   * up ({@link CarddataAlignment}).
   */
  public List<EnrollmentPlan> afterCheck(TaskType type, List<CheckedCard> checked) {
    if (checked.isEmpty()) {
      return List.of();
    }
    ConfigSnapshot snapshot = configs.snapshot();
    Set<Long> protectedCards =
        type == TaskType.PROTECT
            ? protectedAmong(checked.stream().map(CheckedCard::card).toList())
            : Set.of();
    List<EnrollmentPlan> plans = new ArrayList<>(checked.size());
    for (CheckedCard one : checked) {
      Card card = one.card();
      EnrollmentPlan plan =
          rule.plan(
                  card,
                  one.deviceAllowsPolling(),
                  protectedCards.contains(card.id()),
                  Timing.AFTER_INTERVAL,
                  snapshot)
              .onlyFor(type);
      plans.add(usageAware.afterCheck(type, plan, one, stretches));
    }
    return type == TaskType.CARDDATA ? alignment.aligned(plans, checked, stretches) : plans;
  }

  /**
   * What the usage-aware carddata intervals make of {@code card} with {@code outlook} now: how a
   * console explains a card's next carddata check. Nothing is read, nothing recorded.
   *
   * @param plan the card's plan, as {@link #plan} made it
   * @return empty when the plan has no carddata check (the card is not polled, or its config checks
   *     no usage)
   */
  public Optional<CarddataWait> carddataWait(EnrollmentPlan plan, Card card, UsageOutlook outlook) {
    return usageAware.waitOf(plan, card, outlook);
  }

  /**
   * Whether the card is polled under {@code snapshot}, for a caller that read the card together
   * with its device and found that device allowing polling (or the card outside any device): the
   * card's own flag, a deleted device and the config match; nothing is read. The rule dry run reads
   * the fleet that way, device by device.
   */
  public boolean polledWhereDeviceAllows(Card card, ConfigSnapshot snapshot) {
    return rule.plan(card, true, false, Timing.NOW, snapshot).isPolled();
  }

  /**
   * Whether a card a check handler just loaded is still polled as far as its own and its device's
   * flags go (the device's as {@link #allowedByTheirDevice} read it): the rule's first steps, the
   * ones {@link EnrollmentPlan#pollingAllowed} reports. The config match is left to the plan made
   * when the check completes. Nothing is read: a handler asks this for every task of a poll.
   */
  public static boolean pollingAllowed(LoadedCard card) {
    // A deleted device is already folded into the loaded flag (allowedByTheirDevice says false).
    return CardEnrollment.notAllowed(
            card.pollingEnabled(), card.deviceId() != null, false, card.devicePollingAllowed())
        == null;
  }

  /**
   * The ids of the cards whose device lets them be polled: every card outside a device, none of a
   * deleted device, and those whose live device has {@code enable_polling} on (one query for all;
   * none when no card sits in a live device).
   */
  public Set<Long> allowedByTheirDevice(Collection<Card> cards) {
    Set<Long> deviceIds = new HashSet<>();
    for (Card card : cards) {
      if (card.inDevice() && !card.deviceDeleted()) {
        deviceIds.add(card.deviceId());
      }
    }
    Set<Long> allowingDevices = devices.findPollingAllowed(deviceIds);
    Set<Long> allowed = new HashSet<>(cards.size() * 2);
    for (Card card : cards) {
      if (!card.inDevice()
          || (!card.deviceDeleted() && allowingDevices.contains(card.deviceId()))) {
        allowed.add(card.id());
      }
    }
    return allowed;
  }

  /**
   * The cards under a protection period, read from their own keys (the source of truth: an operator
   * may write one by hand, without an index entry) in one pipelined round trip, whatever the batch
   * size: a batch of one answers as a batch of many.
   */
  private Set<Long> protectedAmong(List<Card> cards) {
    List<Long> ids = new ArrayList<>(cards.size());
    cards.forEach(card -> ids.add(card.id()));
    return protection.protectedByKey(ids);
  }
}
