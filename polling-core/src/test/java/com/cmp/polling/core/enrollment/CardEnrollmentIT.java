package com.cmp.polling.core.enrollment;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.config.PollingConfigStore;
import com.cmp.polling.core.enrollment.CardEnrollment.Timing;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Which queues a card goes to, and when (seed 003, ARCHITECTURE section 7). */
class CardEnrollmentIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final PollingConfigManager configs =
      new PollingConfigManager(new PollingConfigStore(postgres.jdbc()), redis.template(), clock);
  private final CardEnrollment enrollment = new CardEnrollment(configs, clock);
  private final CardStore cards = new CardStore(postgres.jdbc());

  @BeforeEach
  void oneConfig() {
    postgres.truncateBusinessTables();
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

    EnrollmentPlan plan = enrollment.plan(card, true, false, Timing.AFTER_INTERVAL);

    assertThat(plan.isPolled()).isTrue();
    assertThat(plan.checks())
        .containsExactlyInAnyOrder(
            new ScheduledCheck(card.id(), TaskType.REALNAME, clock.instant().plusSeconds(60)),
            new ScheduledCheck(card.id(), TaskType.CARDDATA, clock.instant().plusSeconds(1800)));
  }

  @Test
  void taskTypesTheConfigTurnsOff_areLeftOut_andProtectOnlyWhileProtected() {
    Card card = card(postgres.data().card().insert());

    assertThat(enrollment.plan(card, true, false, Timing.NOW).taskTypes())
        .containsExactlyInAnyOrder(TaskType.REALNAME, TaskType.CARDDATA);
    assertThat(enrollment.plan(card, true, true, Timing.NOW).taskTypes())
        .containsExactlyInAnyOrder(TaskType.REALNAME, TaskType.CARDDATA, TaskType.PROTECT);
  }

  @Test
  void spread_putsFirstChecksWithinTheInterval_theSameWayEveryTime() {
    for (int i = 0; i < 50; i++) {
      Card card = card(postgres.data().card().insert());
      ScheduledCheck first = enrollment.plan(card, true, false, Timing.SPREAD).checks().get(0);
      ScheduledCheck again = enrollment.plan(card, true, false, Timing.SPREAD).checks().get(0);

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

    assertThat(enrollment.plan(disabledCard, true, false, Timing.NOW).skipReason())
        .isEqualTo("polling is disabled on card " + disabledCard.id());
    assertThat(enrollment.plan(cardOfDisabledDevice, false, false, Timing.NOW).skipReason())
        .isEqualTo(
            "polling is disabled on device " + device + " of card " + cardOfDisabledDevice.id());
    assertThat(enrollment.plan(unmatched, true, false, Timing.NOW).skipReason())
        .contains(
            "no enabled polling config matches card "
                + unmatched.id()
                + " (not_real_name, carrier 1)");
  }

  @Test
  void cardOfADeletedDevice_isNeverPolled_evenWhenTheCallerSaysTheDeviceAllowsIt() {
    long device = postgres.data().device().insert();
    long id = postgres.data().card().device(device).insert();
    postgres.data().softDeleteDevice(device);
    Card card = card(id);

    EnrollmentPlan plan = enrollment.plan(card, true, false, Timing.NOW);

    assertThat(plan.isPolled()).isFalse();
    assertThat(plan.skipReason())
        .isEqualTo(
            "device "
                + device
                + " of card "
                + id
                + " is deleted (not polled until the card moves to a live device or out of it)");
  }

  @Test
  void nextCheck_followsTheConfig_andIsEmptyForATypeItTurnedOff() {
    var config = configs.snapshot().configs().get(0);

    assertThat(enrollment.nextCheck(config, TaskType.CARDDATA, false))
        .contains(clock.instant().plusSeconds(1800));
    assertThat(enrollment.nextCheck(config, TaskType.PACKAGE, false)).isEmpty();
    assertThat(enrollment.nextCheck(config, TaskType.PROTECT, false)).isEmpty();
    assertThat(enrollment.nextCheck(config, TaskType.PROTECT, true))
        .contains(clock.instant().plusSeconds(30));
  }

  private Card card(long id) {
    return cards.findById(id).orElseThrow();
  }
}
