package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.behaviour.Behaviour;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Cards that must not be polled are dropped, never requeued. */
class DroppedCardsIT {

  @RegisterExtension static final HandlersTestApp app = HandlersTestApp.withDefaults();

  @Test
  void cardDeletedWhileItsTaskIsInFlight_isNotBroughtBackToAnyQueue() {
    long card = app.postgres().data().card().insert();
    app.postgres().data().packageOfCard(card).status(1).insert();
    String iccid =
        app.postgres()
            .jdbc()
            .sql("SELECT iccid FROM tb_iot_card WHERE id = ?")
            .param(card)
            .query(String.class)
            .single();
    app.simulator().control().configure(Behaviour.none().withLatencyMs(1500));
    try {
      app.dispatch(card, TaskType.CARDDATA);
      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> app.simulator().control().calls(iccid).containsKey("usage"));

      // Deleted while the gateway answers: what the lifecycle listener does on a delete.
      app.postgres().data().softDeleteCard(card);
      app.bean(PollingQueueManager.class).removeFromAllQueues(card);

      await().atMost(Duration.ofSeconds(20)).until(() -> metric("dropped") + metric("next") > 0);
    } finally {
      app.simulator().control().configure(Behaviour.none());
    }
    assertThat(app.queues().inNoQueue(card)).isTrue();
  }

  @Test
  void taskForACardThatIsGone_orWhosePollingIsDisabled_dropsItFromEveryQueue() {
    long gone = app.postgres().data().card().insert();
    long disabled = app.postgres().data().card().pollingDisabled().insert();
    long device = app.postgres().data().device().pollingDisabled().insert();
    long ofDisabledDevice = app.postgres().data().card().device(device).insert();
    app.postgres().data().softDeleteCard(gone);
    for (long card : new long[] {gone, disabled, ofDisabledDevice}) {
      app.bean(PollingQueueManager.class)
          .requeue(card, TaskType.REALNAME, java.time.Instant.now().plusSeconds(3600));
      app.dispatch(card, TaskType.PACKAGE);
    }

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                app.queues().inNoQueue(gone)
                    && app.queues().inNoQueue(disabled)
                    && app.queues().inNoQueue(ofDisabledDevice));
  }

  private static double metric(String result) {
    var counter =
        app.bean(io.micrometer.core.instrument.MeterRegistry.class)
            .find("polling.handlers.checks")
            .tags("task_type", "carddata", "result", result)
            .counter();
    return counter == null ? 0 : counter.count();
  }
}
