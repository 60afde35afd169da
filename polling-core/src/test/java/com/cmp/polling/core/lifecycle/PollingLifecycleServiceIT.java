package com.cmp.polling.core.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.config.PollingConfigStore;
import com.cmp.polling.core.device.DeviceStore;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.QueueSettings;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.logging.CapturedLogs;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Seed 000 M3 and seed 003 lifecycle callbacks, against real PostgreSQL and Redis. */
class PollingLifecycleServiceIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final PollingConfigManager configs =
      new PollingConfigManager(new PollingConfigStore(postgres.jdbc()), redis.template(), clock);
  private final PollingQueueManager queues =
      new PollingQueueManager(redis.template(), QueueSettings.DEFAULTS, clock);
  private final PollingLifecycleService lifecycle =
      new PollingLifecycleService(
          new CardStore(postgres.jdbc()),
          new CardPlanner(
              configs,
              new DeviceStore(postgres.jdbc()),
              new ProtectionPeriods(redis.template(), clock),
              clock),
          queues,
          configs);

  @BeforeEach
  void emptyTablesAndQueues() {
    postgres.truncateBusinessTables();
    redis.flush();
    configs.refreshNow();
  }

  @Test
  void statusChangeOfACardInADisabledDevice_removesItFromAllQueues_andSkipsTheRequeue() {
    postgres.jdbc().sql("INSERT INTO tb_device (id, device_no) VALUES (10, 'DEV-10')").update();
    postgres
        .jdbc()
        .sql(
            "INSERT INTO tb_iot_card (id, iccid, carrier_id, carrier_type, real_name_status,"
                + " device_id) VALUES (100, '89860000000000000100', 1, 'CMCC', 1, 10)")
        .update();
    lifecycle.onCardCreated(100);
    assertThat(queuedTypes(100)).hasSize(3);
    postgres.jdbc().sql("UPDATE tb_device SET enable_polling = false WHERE id = 10").update();

    try (CapturedLogs logs = CapturedLogs.withDebugOf(PollingLifecycleService.class)) {
      lifecycle.onCardStatusChanged(100);

      assertThat(queuedTypes(100)).isEmpty();
      assertThat(logs.messages(Level.DEBUG))
          .contains("device polling disabled, not requeued: deviceID=10, cardID=100");
    }
  }

  @Test
  void enablingACardWhosePollingIsOff_queuesNothing_andSaysWhy() {
    long card = postgres.data().card().pollingDisabled().insert();

    try (CapturedLogs logs = CapturedLogs.withDebugOf(PollingLifecycleService.class)) {
      lifecycle.onCardEnabled(card);

      assertThat(queuedTypes(card)).isEmpty();
      assertThat(logs.messages(Level.DEBUG))
          .contains("card polling disabled, not enqueued: cardID=" + card);
    }
  }

  @Test
  void created_queuesEachTaskTypeOfTheConfigOneIntervalAhead_andARepeatKeepsTheTimes() {
    long card = postgres.data().card().insert(); // default-activated: carddata every 1800 s

    lifecycle.onCardCreated(card);
    queues.requeue(card, TaskType.CARDDATA, clock.instant().plusSeconds(5));
    lifecycle.onCardCreated(card);

    assertThat(queuedTypes(card))
        .containsExactlyInAnyOrder(TaskType.REALNAME, TaskType.CARDDATA, TaskType.PACKAGE);
    assertThat(queues.isQueued(card, TaskType.PROTECT)).isFalse();
    assertThat(score(card, TaskType.PACKAGE)).isEqualTo(clock.instant().plusSeconds(3600));
    assertThat(score(card, TaskType.CARDDATA)).isEqualTo(clock.instant().plusSeconds(5));
  }

  @Test
  void statusChange_requeuesUnderTheNewlyMatchedConfig_dueNow() {
    long card = postgres.data().card().insert();
    lifecycle.onCardCreated(card);
    postgres
        .jdbc()
        .sql("UPDATE tb_iot_card SET network_status = 0, stop_reason = 'manual' WHERE id = ?")
        .param(card)
        .update();

    lifecycle.onCardStatusChanged(card);

    // default-suspended has a protect interval, but only a protected card is in that queue.
    assertThat(queuedTypes(card))
        .containsExactlyInAnyOrder(TaskType.REALNAME, TaskType.CARDDATA, TaskType.PACKAGE);
    assertThat(score(card, TaskType.REALNAME)).isEqualTo(clock.instant());
  }

  @Test
  void statusChange_ofACardMovedToAnotherCarrier_requeuesItDueNow_andLeavesTheOthersAlone() {
    long moved = postgres.data().card().insert();
    long untouched = postgres.data().card().insert();
    lifecycle.onBatchCardsCreated(List.of(moved, untouched));
    Instant untouchedRealname = score(untouched, TaskType.REALNAME);
    postgres.jdbc().sql("UPDATE tb_iot_card SET carrier_id = 2 WHERE id = ?").param(moved).update();

    lifecycle.onCardStatusChanged(moved);

    assertThat(score(moved, TaskType.REALNAME)).isEqualTo(clock.instant());
    assertThat(score(untouched, TaskType.REALNAME)).isEqualTo(untouchedRealname);
  }

  @Test
  void statusChange_keepsADueTimeEarlierThanNow_andMakesALeasedCardDueNow() {
    long card = postgres.data().card().insert();
    lifecycle.onCardCreated(card);
    queues.requeue(card, TaskType.REALNAME, clock.instant().minusSeconds(40)); // waiting, overdue
    queues.requeue(card, TaskType.CARDDATA, clock.instant().plusSeconds(300)); // leased

    lifecycle.onCardStatusChanged(card);

    assertThat(score(card, TaskType.REALNAME)).isEqualTo(clock.instant().minusSeconds(40));
    assertThat(score(card, TaskType.CARDDATA)).isEqualTo(clock.instant());
  }

  @Test
  void batchOfStatusChanges_requeuesEachCardAsItIsNow_inOneCall() {
    List<Long> stopped = new ArrayList<>();
    List<Long> untouched = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      stopped.add(postgres.data().card().insert());
      untouched.add(postgres.data().card().insert());
    }
    long switchedOff = postgres.data().card().insert();
    long deleted = postgres.data().card().insert();
    List<Long> all = new ArrayList<>(stopped);
    all.addAll(untouched);
    all.addAll(List.of(switchedOff, deleted));
    lifecycle.onBatchCardsCreated(all);
    Instant untouchedRealname = score(untouched.get(0), TaskType.REALNAME);
    postgres
        .jdbc()
        .sql("UPDATE tb_iot_card SET network_status = 0, stop_reason = 'manual' WHERE id = ANY(?)")
        .param(stopped.toArray(Long[]::new))
        .update();
    postgres
        .jdbc()
        .sql("UPDATE tb_iot_card SET enable_polling = false WHERE id = ?")
        .param(switchedOff)
        .update();
    postgres.data().softDeleteCard(deleted);
    List<Long> changed = new ArrayList<>(all);
    changed.add(stopped.get(0)); // the same card twice in one run

    lifecycle.onBatchCardsStatusChanged(changed);

    // Stopped: the suspended config, due now; unchanged cards: requeued now as well (a status
    // change means "look again"); polling off or deleted: in no queue.
    assertThat(stopped)
        .allSatisfy(
            id -> {
              assertThat(queuedTypes(id))
                  .containsExactlyInAnyOrder(
                      TaskType.REALNAME, TaskType.CARDDATA, TaskType.PACKAGE);
              assertThat(score(id, TaskType.REALNAME)).isEqualTo(clock.instant());
            });
    assertThat(untouchedRealname).isAfter(clock.instant());
    assertThat(untouched)
        .allSatisfy(id -> assertThat(score(id, TaskType.REALNAME)).isEqualTo(clock.instant()));
    assertThat(queuedTypes(switchedOff)).isEmpty();
    assertThat(queuedTypes(deleted)).isEmpty();
  }

  @Test
  void bulkCreation_enrollsEveryPolledCard_andLeavesOutDisabledOnesAndMissingIds() {
    long device = postgres.data().device().pollingDisabled().insert();
    List<Long> cards = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      cards.add(postgres.data().card().insert());
    }
    long inDisabledDevice = postgres.data().card().device(device).insert();
    long disabled = postgres.data().card().pollingDisabled().insert();
    List<Long> all = new ArrayList<>(cards);
    all.addAll(List.of(inDisabledDevice, disabled, 999_999L));

    lifecycle.onBatchCardsCreated(all);

    assertThat(cards).allSatisfy(id -> assertThat(queuedTypes(id)).hasSize(3));
    assertThat(queuedTypes(inDisabledDevice)).isEmpty();
    assertThat(queuedTypes(disabled)).isEmpty();
    assertThat(queuedTypes(999_999L)).isEmpty();
  }

  @Test
  void deviceDeleted_takesItsCardsOutOfEveryQueue_andSaysWhy() {
    long device = postgres.data().device().insert();
    long card = postgres.data().card().device(device).insert();
    lifecycle.onCardCreated(card);
    queues.requeue(card, TaskType.PROTECT, clock.instant());
    postgres.data().softDeleteDevice(device);

    try (CapturedLogs logs = CapturedLogs.of(PollingLifecycleService.class)) {
      lifecycle.onCardStatusChanged(card); // what device_deleted does for each card of the device

      assertThat(queuedTypes(card)).isEmpty();
      assertThat(logs.messages(Level.INFO))
          .contains(
              "card "
                  + card
                  + " not requeued: its device "
                  + device
                  + " is deleted; not polled until it moves to a live device or out of it");
    }
    // Any later look at the card (a create or enable replayed, a status change) keeps it out.
    lifecycle.onCardEnabled(card);
    lifecycle.onCardStatusChanged(card);
    assertThat(queuedTypes(card)).isEmpty();
  }

  @Test
  void cardMovedOutOfADeletedDevice_toALiveOne_orOutOfAnyDevice_isPolledAgain() {
    long deleted = postgres.data().device().insert();
    long live = postgres.data().device().insert();
    long toLive = postgres.data().card().device(deleted).insert();
    long toNone = postgres.data().card().device(deleted).insert();
    long stays = postgres.data().card().device(deleted).insert();
    postgres.data().softDeleteDevice(deleted);
    lifecycle.onBatchCardsStatusChanged(List.of(toLive, toNone, stays));
    moveTo(toLive, live);
    moveTo(toNone, null);

    // What the change stream does when device_id changes: a status change of each card.
    lifecycle.onBatchCardsStatusChanged(List.of(toLive, toNone, stays));

    assertThat(queuedTypes(toLive)).hasSize(3);
    assertThat(queuedTypes(toNone)).hasSize(3);
    assertThat(queuedTypes(stays)).isEmpty();
    assertThat(score(toLive, TaskType.REALNAME)).isEqualTo(clock.instant());
  }

  @Test
  void deviceDeletedArrivingAfterTheCardMoved_leavesTheCardQueued() {
    long deleted = postgres.data().device().insert();
    long live = postgres.data().device().insert();
    long card = postgres.data().card().device(deleted).insert();
    lifecycle.onCardCreated(card);
    postgres.data().softDeleteDevice(deleted);
    moveTo(card, live);

    // The device's fan-out took longer than the card's own change: order does not matter.
    lifecycle.onCardStatusChanged(card);
    lifecycle.onCardStatusChanged(card); // the device's deletion, fanned out to its card

    assertThat(queuedTypes(card)).hasSize(3);
  }

  @Test
  void restoredDevice_allowsItsCardsAgain() {
    long device = postgres.data().device().insert();
    long card = postgres.data().card().device(device).insert();
    postgres.data().softDeleteDevice(device);
    lifecycle.onCardStatusChanged(card);
    postgres
        .jdbc()
        .sql("UPDATE tb_device SET deleted_at = NULL WHERE id = ?")
        .param(device)
        .update();

    lifecycle.onCardEnabled(card); // what device_polling_enabled does for each card

    assertThat(queuedTypes(card)).hasSize(3);
  }

  private void moveTo(long card, Long device) {
    postgres
        .jdbc()
        .sql("UPDATE tb_iot_card SET device_id = ? WHERE id = ?")
        .params(device, card)
        .update();
  }

  @Test
  void deleteAndDisable_bothRemoveFromEveryQueue_withoutLookingAtAnyFlag() {
    long deleted = postgres.data().card().insert();
    long disabled = postgres.data().card().insert();
    for (long card : List.of(deleted, disabled)) {
      lifecycle.onCardCreated(card);
      queues.requeue(card, TaskType.PROTECT, clock.instant());
    }

    lifecycle.onCardDeleted(deleted);
    lifecycle.onCardDisabled(disabled);

    assertThat(queuedTypes(deleted)).isEmpty();
    assertThat(queuedTypes(disabled)).isEmpty();
  }

  private Set<TaskType> queuedTypes(long card) {
    Set<TaskType> types = EnumSet.noneOf(TaskType.class);
    for (TaskType type : TaskType.values()) {
      if (queues.isQueued(card, type)) {
        types.add(type);
      }
    }
    return types;
  }

  private Instant score(long card, TaskType type) {
    Double score =
        redis
            .template()
            .opsForZSet()
            .score(RedisKeys.shardQueue(queues.shardOf(card), type), Long.toString(card));
    return score == null ? null : Instant.ofEpochMilli(Math.round(score * 1000));
  }
}
