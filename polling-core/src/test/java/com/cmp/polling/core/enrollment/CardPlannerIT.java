package com.cmp.polling.core.enrollment;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.budget.AccountBudget;
import com.cmp.polling.core.budget.BudgetReports;
import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.config.PollingConfigStore;
import com.cmp.polling.core.device.DeviceStore;
import com.cmp.polling.core.enrollment.EnrollmentPlan.NotPolled;
import com.cmp.polling.core.packageusage.PackageAllowance;
import com.cmp.polling.core.protection.DesiredState;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Whether cards are polled, under which config, and when their checks are due (seed 003,
 * docs/architecture.md, "The rules"), decided from the real card, device and config tables and the
 * real protection periods in Redis.
 */
class CardPlannerIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final PollingConfigManager configs =
      new PollingConfigManager(new PollingConfigStore(postgres.jdbc()), redis.template(), clock);
  private final ProtectionPeriods protection = new ProtectionPeriods(redis.template(), clock);
  private final CardPlanner planner =
      new CardPlanner(configs, new DeviceStore(postgres.jdbc()), protection, clock);
  private final CardStore cards = new CardStore(postgres.jdbc());

  @BeforeEach
  void oneConfig() {
    postgres.truncateBusinessTables();
    redis.flush();
    postgres.jdbc().sql("DELETE FROM tb_polling_config").update();
    postgres
        .data()
        .config("activated")
        .condition("activated")
        .intervals(60, 1800, null, 30)
        .insert();
    configs.refreshNow();
  }

  @Test
  void firstQueueTime_isNowPlus60s_forA60sInterval() {
    Card card = card(postgres.data().card().insert());

    EnrollmentPlan plan = planner.plan(card, Timing.AFTER_INTERVAL);

    assertThat(plan.isPolled()).isTrue();
    assertThat(plan.config().name()).isEqualTo("activated");
    assertThat(plan.checks())
        .containsExactlyInAnyOrder(
            new ScheduledCheck(card.id(), TaskType.REALNAME, clock.instant().plusSeconds(60)),
            new ScheduledCheck(card.id(), TaskType.CARDDATA, clock.instant().plusSeconds(1800)));
    assertThat(plan.dueAt(TaskType.CARDDATA)).contains(clock.instant().plusSeconds(1800));
    assertThat(plan.dueAt(TaskType.PACKAGE)).isEmpty();
  }

  @Test
  void taskTypesTheConfigTurnsOff_areLeftOut_andProtectOnlyWhileProtected() {
    Card card = card(postgres.data().card().insert());

    assertThat(planner.plan(card, Timing.NOW).taskTypes())
        .containsExactlyInAnyOrder(TaskType.REALNAME, TaskType.CARDDATA);

    protection.protect(card.id(), DesiredState.STOPPED, Duration.ofMinutes(10));

    assertThat(planner.plan(card, Timing.NOW).taskTypes())
        .containsExactlyInAnyOrder(TaskType.REALNAME, TaskType.CARDDATA, TaskType.PROTECT);
    assertThat(planner.plan(List.of(card, card(postgres.data().card().insert())), Timing.NOW))
        .first()
        .satisfies(plan -> assertThat(plan.taskTypes()).contains(TaskType.PROTECT));
  }

  @Test
  void spread_putsFirstChecksWithinTheInterval_theSameWayEveryTime() {
    for (int i = 0; i < 50; i++) {
      Card card = card(postgres.data().card().insert());
      ScheduledCheck first = planner.plan(card, Timing.SPREAD).checks().get(0);
      ScheduledCheck again = planner.plan(card, Timing.SPREAD).checks().get(0);

      assertThat(first.nextCheckAt())
          .isBetween(clock.instant(), clock.instant().plus(Duration.ofSeconds(60)));
      assertThat(again).isEqualTo(first);
    }
  }

  @Test
  void pollingDisabledOnCardOrDevice_orNoConfig_isSkipped_withTheReason() {
    long device = postgres.data().device().pollingDisabled().insert();
    Card disabledCard = card(postgres.data().card().pollingDisabled().insert());
    Card cardOfDisabledDevice = card(postgres.data().card().device(device).insert());
    Card unmatched = card(postgres.data().card().unverified().insert());

    List<EnrollmentPlan> plans =
        planner.plan(List.of(disabledCard, cardOfDisabledDevice, unmatched), Timing.NOW);

    assertThat(plans).extracting(EnrollmentPlan::isPolled).containsOnly(false);
    assertThat(plans)
        .extracting(EnrollmentPlan::notPolled)
        .containsExactly(
            NotPolled.CARD_POLLING_OFF, NotPolled.DEVICE_POLLING_OFF, NotPolled.NO_CONFIG);
    assertThat(plans.get(0).skipReason())
        .isEqualTo("polling is disabled on card " + disabledCard.id());
    assertThat(plans.get(1).skipReason())
        .isEqualTo(
            "polling is disabled on device " + device + " of card " + cardOfDisabledDevice.id());
    assertThat(plans.get(2).skipReason())
        .contains(
            "no enabled polling config matches card "
                + unmatched.id()
                + " (not_real_name, carrier 1)");
    assertThat(plans)
        .extracting(EnrollmentPlan::pollingAllowed)
        .containsExactly(false, false, true);
  }

  @Test
  void cardOfADeletedDevice_isNeverPolled_evenThoughTheDeviceFlagStaysOn() {
    long device = postgres.data().device().insert();
    long id = postgres.data().card().device(device).insert();
    postgres.data().softDeleteDevice(device);
    Card card = card(id);

    EnrollmentPlan plan = planner.plan(card, Timing.NOW);

    assertThat(plan.isPolled()).isFalse();
    assertThat(plan.notPolled()).isEqualTo(NotPolled.DEVICE_DELETED);
    assertThat(plan.skipReason())
        .isEqualTo(
            "device "
                + device
                + " of card "
                + id
                + " is deleted (not polled until the card moves to a live device or out of it)");
    assertThat(planner.allowedByTheirDevice(List.of(card))).isEmpty();
  }

  @Test
  void aBatchOfMany_answersForEachCardWhatABatchOfOneAnswers() {
    long allowing = postgres.data().device().insert();
    long disabled = postgres.data().device().pollingDisabled().insert();
    long deleted = postgres.data().device().insert();
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      ids.add(postgres.data().card().insert());
      ids.add(postgres.data().card().device(allowing).insert());
      ids.add(postgres.data().card().device(disabled).insert());
      ids.add(postgres.data().card().device(deleted).insert());
      ids.add(postgres.data().card().pollingDisabled().insert());
      ids.add(postgres.data().card().unverified().insert());
    }
    postgres.data().softDeleteDevice(deleted);
    protection.protect(ids.get(0), DesiredState.STOPPED, Duration.ofMinutes(5));
    protection.protect(ids.get(1), DesiredState.ONLINE, Duration.ofMinutes(5));
    List<Card> fleet = cards.findByIds(ids);

    for (Timing timing : Timing.values()) {
      List<EnrollmentPlan> together = planner.plan(fleet, timing);
      List<EnrollmentPlan> alone = fleet.stream().map(card -> planner.plan(card, timing)).toList();

      assertThat(together).as(timing.name()).isEqualTo(alone);
    }
    List<EnrollmentPlan> plans = planner.plan(fleet, Timing.NOW);
    assertThat(plans).extracting(EnrollmentPlan::cardId).containsExactlyElementsOf(idsOf(fleet));
    assertThat(plans.stream().filter(EnrollmentPlan::isPolled)).hasSize(16);
    assertThat(plans.stream().filter(plan -> plan.taskTypes().contains(TaskType.PROTECT)))
        .hasSize(2);
    assertThat(planner.allowedByTheirDevice(fleet)).hasSize(8 * 4);
  }

  @Test
  void oneCardAndManyCards_readTheSameProtection_aKeyWrittenByHand_aPeriodEndingThisSecond() {
    Card handWritten = card(postgres.data().card().insert());
    Card endingThisSecond = card(postgres.data().card().insert());
    Card unprotected = card(postgres.data().card().insert());
    // An operator's key written by hand: no entry in the index of periods.
    redis
        .template()
        .opsForValue()
        .set(RedisKeys.protection(handWritten.id()), "stop", Duration.ofMinutes(5));
    // A key still there whose index entry says the period ends within the current second.
    redis
        .template()
        .opsForValue()
        .set(RedisKeys.protection(endingThisSecond.id()), "start", Duration.ofMinutes(5));
    redis
        .template()
        .opsForZSet()
        .add(
            RedisKeys.PROTECTION_INDEX,
            Long.toString(endingThisSecond.id()),
            clock.instant().getEpochSecond());
    List<Card> batch = List.of(handWritten, endingThisSecond, unprotected);
    List<CheckedCard> checked = batch.stream().map(card -> new CheckedCard(card, true)).toList();

    List<EnrollmentPlan> together = planner.plan(batch, Timing.NOW);
    List<EnrollmentPlan> alone =
        batch.stream().map(card -> planner.plan(card, Timing.NOW)).toList();
    List<EnrollmentPlan> afterTogether = planner.afterCheck(TaskType.PROTECT, checked);
    List<EnrollmentPlan> afterAlone =
        checked.stream()
            .map(one -> planner.afterCheck(TaskType.PROTECT, List.of(one)).get(0))
            .toList();

    assertThat(together).isEqualTo(alone);
    assertThat(together)
        .extracting(plan -> plan.taskTypes().contains(TaskType.PROTECT))
        .containsExactly(true, true, false);
    assertThat(afterTogether).isEqualTo(afterAlone);
    assertThat(afterTogether)
        .extracting(plan -> plan.dueAt(TaskType.PROTECT).isPresent())
        .containsExactly(true, true, false);
  }

  @Test
  void afterACheck_theNextOneFollowsTheConfig_andIsEmptyForATypeItTurnedOff() {
    Card card = card(postgres.data().card().insert());
    Card disabled = card(postgres.data().card().pollingDisabled().insert());

    List<EnrollmentPlan> carddata =
        planner.afterCheck(
            TaskType.CARDDATA,
            List.of(new CheckedCard(card, true), new CheckedCard(disabled, true)));

    assertThat(carddata.get(0).checks())
        .containsExactly(
            new ScheduledCheck(card.id(), TaskType.CARDDATA, clock.instant().plusSeconds(1800)));
    assertThat(carddata.get(1).pollingAllowed()).isFalse();
    assertThat(next(card, TaskType.PACKAGE)).isEmpty();
    assertThat(next(card, TaskType.PROTECT)).isEmpty();

    protection.protect(card.id(), DesiredState.STOPPED, Duration.ofMinutes(10));

    assertThat(next(card, TaskType.PROTECT)).contains(clock.instant().plusSeconds(30));
  }

  @Test
  void afterACarddataCheck_withUsageAwareIntervals_theNextOneFollowsTheUsage_andIsMeasured() {
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    CardPlanner usageAware =
        new CardPlanner(
            configs,
            new DeviceStore(postgres.jdbc()),
            protection,
            clock,
            new UsageAwareSettings(true, Duration.ofMinutes(5), Duration.ofHours(24), 2),
            new PlanningMetrics(meters));
    postgres
        .data()
        .config("suspended")
        .condition("suspended")
        .intervals(null, 3600, null, null)
        .insert();
    configs.refreshNow();
    Card card = card(postgres.data().card().insert());
    Card stopped = card(postgres.data().card().stopped("traffic_exhausted").insert());
    Instant now = clock.instant();
    // 20 MB left at 60 MB/h: the limit in 20 min, the next check halfway.
    UsageOutlook nearLimit =
        new UsageOutlook(
            now,
            PackageAllowance.Limit.LIMITED,
            new BigDecimal("20"),
            new UsageRate(60, UsageRate.Basis.RECENT));

    List<EnrollmentPlan> plans =
        usageAware.afterCheck(
            TaskType.CARDDATA,
            List.of(
                new CheckedCard(card, true, nearLimit), new CheckedCard(stopped, true, nearLimit)));

    assertThat(plans.get(0).checks())
        .containsExactly(
            new ScheduledCheck(card.id(), TaskType.CARDDATA, now.plus(Duration.ofMinutes(10))));
    assertThat(plans.get(0).config().name()).isEqualTo("activated");
    // A stopped card uses no data: its config's interval.
    assertThat(plans.get(1).dueAt(TaskType.CARDDATA)).contains(now.plusSeconds(3600));
    assertThat(meters.get("polling.planning.carddata.wait").tag("reason", "predicted").summary())
        .satisfies(
            summary -> {
              assertThat(summary.count()).isEqualTo(1);
              assertThat(summary.totalAmount()).isEqualTo(600.0);
            });
    assertThat(
            meters.get("polling.planning.carddata.wait").tag("reason", "config").summary().count())
        .isEqualTo(1);
    // Other checks, and the same card without the option, keep their config's interval.
    assertThat(
            usageAware
                .afterCheck(TaskType.REALNAME, List.of(new CheckedCard(card, true, nearLimit)))
                .get(0)
                .dueAt(TaskType.REALNAME))
        .contains(now.plusSeconds(60));
    assertThat(
            planner
                .afterCheck(TaskType.CARDDATA, List.of(new CheckedCard(card, true, nearLimit)))
                .get(0)
                .dueAt(TaskType.CARDDATA))
        .contains(now.plusSeconds(1800));
    assertThat(usageAware.carddataWait(usageAware.plan(card, Timing.NOW), card, nearLimit))
        .hasValueSatisfying(
            wait -> assertThat(wait.nextCheckAt()).isEqualTo(now.plus(Duration.ofMinutes(10))));
  }

  @Test
  void afterACheck_theDeviceFlagTheCheckFoundDecides_withoutReadingTheDevice() {
    long device = postgres.data().device().insert();
    Card card = card(postgres.data().card().device(device).insert());

    EnrollmentPlan plan =
        planner.afterCheck(TaskType.REALNAME, List.of(new CheckedCard(card, false))).get(0);

    assertThat(plan.notPolled()).isEqualTo(NotPolled.DEVICE_POLLING_OFF);
  }

  @Test
  void configMoves_listOnlyTheCardsWhoseConfigChanged_withTheirOldConfig() {
    Card activated = card(postgres.data().card().insert());
    Card unverified = card(postgres.data().card().unverified().insert());
    ConfigSnapshot before = configs.snapshot();
    postgres
        .data()
        .config("not-real-name")
        .condition("not_real_name")
        .intervals(120, null, null, null)
        .insert();
    configs.refreshNow();
    ConfigSnapshot after = configs.snapshot();

    List<ConfigMove> moves = planner.configMoves(List.of(activated, unverified), before, after);

    assertThat(moves).hasSize(1);
    assertThat(moves.get(0).before()).isEmpty();
    assertThat(moves.get(0).plan().cardId()).isEqualTo(unverified.id());
    assertThat(moves.get(0).plan().config().name()).isEqualTo("not-real-name");
    assertThat(moves.get(0).plan().taskTypes()).containsExactly(TaskType.REALNAME);
    assertThat(planner.configMoves(List.of(activated, unverified), after, after)).isEmpty();
  }

  @Test
  void polledWhereDeviceAllows_judgesTheCardsFlagsAndConfig_underTheGivenConfigs() {
    Card activated = card(postgres.data().card().insert());
    Card unverified = card(postgres.data().card().unverified().insert());
    Card disabled = card(postgres.data().card().pollingDisabled().insert());

    assertThat(planner.polledWhereDeviceAllows(activated, configs.snapshot())).isTrue();
    assertThat(planner.polledWhereDeviceAllows(unverified, configs.snapshot())).isFalse();
    assertThat(planner.polledWhereDeviceAllows(disabled, configs.snapshot())).isFalse();
    assertThat(planner.polledWhereDeviceAllows(activated, ConfigSnapshot.EMPTY)).isFalse();
  }

  @Test
  void afterCarddataChecks_withTheAlignment_cardsOfABatchedCarrierPlannedApart_shareOneDueTime() {
    CarddataAlignment alignment =
        new CarddataAlignment(
            new CarddataAlignmentSettings(Duration.ofMinutes(5), 1, Set.of(3L)),
            16,
            cardId -> 0,
            clock);
    CardPlanner aligning = planner(UsageAwareSettings.OFF, IntervalStretches.NONE, alignment);
    Card first = card(postgres.data().card().carrier(3, "CMCC").insert());
    Card second = card(postgres.data().card().carrier(3, "CMCC").insert());
    Card otherCarrier = card(postgres.data().card().carrier(4, "CMCC").insert());
    Instant gridPoint = alignment.aligned(clock.instant().plusSeconds(1800), first.id(), 3);
    // Checked 10 s and 70 s after the grid point's interval began: both go back to that point.
    clock.set(gridPoint.minusSeconds(1800).plusSeconds(10));
    Instant firstDue =
        aligning
            .afterCheck(TaskType.CARDDATA, List.of(new CheckedCard(first, true)))
            .get(0)
            .dueAt(TaskType.CARDDATA)
            .orElseThrow();
    clock.set(gridPoint.minusSeconds(1800).plusSeconds(70));
    List<EnrollmentPlan> later =
        aligning.afterCheck(
            TaskType.CARDDATA,
            List.of(new CheckedCard(second, true), new CheckedCard(otherCarrier, true)));

    assertThat(firstDue).isEqualTo(gridPoint);
    assertThat(later.get(0).dueAt(TaskType.CARDDATA)).contains(gridPoint);
    assertThat(later.get(1).dueAt(TaskType.CARDDATA))
        .as("a carrier without a usage batch form keeps its interval")
        .contains(clock.instant().plusSeconds(1800));
    assertThat(
            aligning
                .afterCheck(TaskType.REALNAME, List.of(new CheckedCard(second, true)))
                .get(0)
                .dueAt(TaskType.REALNAME))
        .as("other checks keep their interval")
        .contains(clock.instant().plusSeconds(60));
  }

  private Optional<Instant> next(Card card, TaskType type) {
    return planner.afterCheck(type, List.of(new CheckedCard(card, true))).get(0).dueAt(type);
  }

  private Card card(long id) {
    return cards.findById(id).orElseThrow();
  }

  /** A planner of this test's configs, devices and protection on its clock. */
  private CardPlanner planner(
      UsageAwareSettings usageAware, IntervalStretches stretches, CarddataAlignment alignment) {
    return new CardPlanner(
        configs,
        new DeviceStore(postgres.jdbc()),
        protection,
        clock,
        usageAware,
        new PlanningMetrics(new SimpleMeterRegistry()),
        stretches,
        alignment);
  }

  private static List<Long> idsOf(List<Card> cards) {
    return cards.stream().map(Card::id).toList();
  }

  @Test
  void afterACheck_ofACarrierWhoseAccountIsStretched_theNextCheckIsPlannedStretchTimesLater() {
    CardPlanner budgeted =
        planner(UsageAwareSettings.OFF, stretchesOfCarrier7(), CarddataAlignment.off(clock));
    Card stretched = card(postgres.data().card().carrier(7, "cmcc").insert());
    Card other = card(postgres.data().card().carrier(8, "cucc").insert());
    publishStretchOfCarrier7(2.5);
    Instant now = clock.instant();

    List<EnrollmentPlan> plans =
        budgeted.afterCheck(
            TaskType.CARDDATA,
            List.of(new CheckedCard(stretched, true), new CheckedCard(other, true)));

    // The config's 1 800 s, two and a half times: 4 500 s; the other carrier keeps its 1 800 s.
    assertThat(plans.get(0).dueAt(TaskType.CARDDATA)).contains(now.plusSeconds(4500));
    assertThat(plans.get(1).dueAt(TaskType.CARDDATA)).contains(now.plusSeconds(1800));

    new BudgetReports(redis.template()).publish(List.of());
    assertThat(
            budgeted
                .afterCheck(TaskType.CARDDATA, List.of(new CheckedCard(stretched, true)))
                .get(0)
                .dueAt(TaskType.CARDDATA))
        .as("the stretch withdrawn: the configured interval again")
        .contains(now.plusSeconds(1800));
  }

  @Test
  void underAStretch_aCardNearItsLimit_keepsTheWaitItsLimitDecides_anIdleOneIsStretched() {
    CardPlanner budgeted =
        planner(
            new UsageAwareSettings(true, Duration.ofMinutes(5), Duration.ofHours(24), 2),
            stretchesOfCarrier7(),
            CarddataAlignment.off(clock));
    publishStretchOfCarrier7(5.0);
    Card nearLimit = card(postgres.data().card().carrier(7, "cmcc").insert());
    Card atLimit = card(postgres.data().card().carrier(7, "cmcc").insert());
    Card idle = card(postgres.data().card().carrier(7, "cmcc").insert());
    Card unknown = card(postgres.data().card().carrier(7, "cmcc").insert());
    Instant now = clock.instant();
    UsageRate sixtyMbAnHour = new UsageRate(60, UsageRate.Basis.RECENT);

    List<EnrollmentPlan> plans =
        budgeted.afterCheck(
            TaskType.CARDDATA,
            List.of(
                // 20 MB left at 60 MB/h: the limit in 20 min, planned at half of it.
                new CheckedCard(nearLimit, true, outlook(now, "20", sixtyMbAnHour)),
                new CheckedCard(atLimit, true, outlook(now, "0", sixtyMbAnHour)),
                new CheckedCard(
                    idle, true, outlook(now, "500", new UsageRate(0, UsageRate.Basis.RECENT))),
                new CheckedCard(unknown, true, outlook(now, "500", null))));

    assertThat(plans.get(0).dueAt(TaskType.CARDDATA))
        .as("not 50 min: past the limit predicted in 20")
        .contains(now.plus(Duration.ofMinutes(10)));
    assertThat(plans.get(1).dueAt(TaskType.CARDDATA)).contains(now.plus(Duration.ofMinutes(5)));
    assertThat(plans.get(2).dueAt(TaskType.CARDDATA))
        .as("the idle card's longest wait, stretched")
        .contains(now.plus(Duration.ofHours(120)));
    assertThat(plans.get(3).dueAt(TaskType.CARDDATA))
        .as("the config's 1 800 s, stretched")
        .contains(now.plusSeconds(9000));
  }

  @Test
  void underAStretch_aProtectCheck_keepsItsInterval_theOtherChecksAreStretched() {
    CardPlanner budgeted =
        planner(UsageAwareSettings.OFF, stretchesOfCarrier7(), CarddataAlignment.off(clock));
    publishStretchOfCarrier7(5.0);
    Card card = card(postgres.data().card().carrier(7, "cmcc").insert());
    protection.protect(card.id(), DesiredState.STOPPED, Duration.ofMinutes(10));
    Instant now = clock.instant();

    assertThat(
            budgeted
                .afterCheck(TaskType.PROTECT, List.of(new CheckedCard(card, true)))
                .get(0)
                .dueAt(TaskType.PROTECT))
        .as("the config's 30 s, unstretched")
        .contains(now.plusSeconds(30));
    assertThat(
            budgeted
                .afterCheck(TaskType.REALNAME, List.of(new CheckedCard(card, true)))
                .get(0)
                .dueAt(TaskType.REALNAME))
        .contains(now.plusSeconds(300));
  }

  @Test
  void afterACarddataCheck_ofAStretchedCarrierThatIsLinedUp_theStretchedTimeIsNotMovedEarlier() {
    CarddataAlignment alignment =
        new CarddataAlignment(
            new CarddataAlignmentSettings(Duration.ofMinutes(5), 1, Set.of(7L, 8L)),
            16,
            cardId -> 0,
            clock);
    CardPlanner budgeted = planner(UsageAwareSettings.OFF, stretchesOfCarrier7(), alignment);
    publishStretchOfCarrier7(5.0);
    Card stretched = card(postgres.data().card().carrier(7, "cmcc").insert());
    Card unstretched = card(postgres.data().card().carrier(8, "cucc").insert());
    Instant now = clock.instant();

    List<EnrollmentPlan> plans =
        budgeted.afterCheck(
            TaskType.CARDDATA,
            List.of(new CheckedCard(stretched, true), new CheckedCard(unstretched, true)));

    // Five times the config's 1 800 s, exactly: lined up, it could come up to a grid sooner.
    assertThat(plans.get(0).dueAt(TaskType.CARDDATA)).contains(now.plusSeconds(5 * 1800));
    Instant planned = now.plusSeconds(1800);
    assertThat(plans.get(1).dueAt(TaskType.CARDDATA))
        .as("a carrier the budget does not stretch is lined up")
        .contains(alignment.aligned(planned, unstretched.id(), 8));
  }

  private IntervalStretches stretchesOfCarrier7() {
    return new IntervalStretches(redis.template(), Set.of(7L), clock, Duration.ZERO);
  }

  private void publishStretchOfCarrier7(double stretch) {
    new BudgetReports(redis.template())
        .publish(
            List.of(
                new AccountBudget(
                    "tight",
                    Set.of(7L),
                    2,
                    null,
                    0.2,
                    stretch,
                    1.0,
                    stretch,
                    0,
                    List.of(),
                    clock.instant())));
  }

  private static UsageOutlook outlook(Instant at, String remainingMb, UsageRate rate) {
    return new UsageOutlook(at, PackageAllowance.Limit.LIMITED, new BigDecimal(remainingMb), rate);
  }
}
