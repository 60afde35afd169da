package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Cards of a soft-deleted device have no packages of their own: checked on their own, they would be
 * stopped for {@code no_package}. They are not polled instead, and never stopped at the carrier,
 * until they move to a live device or out of any device.
 */
class DeletedDeviceCardsIT {

  @RegisterExtension static final HandlersTestApp app = HandlersTestApp.withDefaults();

  @Test
  void tasksOfACardOfADeletedDevice_dropIt_withNoStopAtTheCarrier() {
    long device = app.data().device().insert();
    app.data().packageOfDevice(device).status(1).insert();
    long card = app.data().card().device(device).insert();
    app.data().softDeleteDevice(device);
    double endedBefore = ended(TaskType.PACKAGE) + ended(TaskType.CARDDATA);

    app.dispatch(card, TaskType.PACKAGE);
    app.dispatch(card, TaskType.CARDDATA);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> ended(TaskType.PACKAGE) + ended(TaskType.CARDDATA) - endedBefore == 2);
    assertThat(app.queues().inNoQueue(card)).isTrue();
    assertNeverStopped(card);
  }

  @Test
  void cardsMovedFromADeletedDevice_toALiveDevice_orOutOfAnyDevice_arePolledAgain() {
    long deleted = app.data().device().insert();
    long live = app.data().device().insert();
    app.data().packageOfDevice(live).status(1).insert();
    long toLive = app.data().card().device(deleted).insert();
    long toNone = app.data().card().device(deleted).insert();
    app.data().packageOfCard(toNone).status(1).insert();
    app.data().softDeleteDevice(deleted);
    moveTo(toLive, live);
    moveTo(toNone, null);

    app.dispatch(toLive, TaskType.PACKAGE);
    app.dispatch(toNone, TaskType.PACKAGE);

    // default-activated: packages every 3600 s.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                app.queues().nextCheckIn(toLive, TaskType.PACKAGE, Duration.ofSeconds(3600))
                    && app.queues()
                        .nextCheckIn(toNone, TaskType.PACKAGE, Duration.ofSeconds(3600)));
    assertNeverStopped(toLive);
    assertNeverStopped(toNone);
  }

  private static void assertNeverStopped(long card) {
    assertThat(app.bean(CardStore.class).findById(card).orElseThrow().isOnline()).isTrue();
    assertThat(app.simulator().control().calls(iccid(card))).doesNotContainKey("stop");
    assertThat(
            app.postgres()
                .jdbc()
                .sql("SELECT count(*) FROM tb_stop_resume_log WHERE iot_card_id = ?")
                .param(card)
                .query(Long.class)
                .single())
        .isZero();
  }

  private static void moveTo(long card, Long device) {
    app.postgres()
        .jdbc()
        .sql("UPDATE tb_iot_card SET device_id = ? WHERE id = ?")
        .params(device, card)
        .update();
  }

  private static String iccid(long card) {
    return app.postgres()
        .jdbc()
        .sql("SELECT iccid FROM tb_iot_card WHERE id = ?")
        .param(card)
        .query(String.class)
        .single();
  }

  /**
   * Tasks dropped, or superseded: the first of the two tasks to run drops the card from every
   * queue, so the other, if it runs later, finds its lease no longer current.
   */
  private static double ended(TaskType type) {
    return count(type, "dropped") + count(type, "superseded");
  }

  private static double count(TaskType type, String result) {
    var counter =
        app.bean(MeterRegistry.class)
            .find("polling.handlers.checks")
            .tags("task_type", type.code(), "result", result)
            .counter();
    return counter == null ? 0 : counter.count();
  }
}
