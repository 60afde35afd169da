package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code polling.handlers.lateness}: from a task's due time to the moment its check is settled, per
 * task type and source, on both ways a check ends (one card at a time, and a poll's cards
 * together).
 */
class LatenessIT {

  @RegisterExtension static final HandlersTestApp app = HandlersTestApp.withDefaults();

  static final PayloadCodec codec = new PayloadCodec();

  @Test
  void checksDueEarlier_recordHowLateTheyWereSettled_byTaskTypeAndSource() {
    Instant now = Instant.ofEpochMilli(System.currentTimeMillis());
    publishLeased(app.postgres().data().card().insert(), TaskType.REALNAME, now.minusSeconds(40));
    publishLeased(app.postgres().data().card().insert(), TaskType.CARDDATA, now.minusSeconds(90));
    long operatorsCard = app.postgres().data().card().insert();
    var manual = Topics.manualCheckTasks(TaskType.REALNAME);
    app.send(
        manual.name(),
        Long.toString(operatorsCard),
        codec.encode(manual, new CheckTask(operatorsCard, TaskType.REALNAME, now, now, true)));

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                count("realname", "scheduled") == 1
                    && count("carddata", "scheduled") == 1
                    && count("realname", "manual") == 1);
    double testSeconds = (System.currentTimeMillis() - now.toEpochMilli()) / 1000.0;
    assertThat(maxSeconds("realname", "scheduled")).isBetween(40.0, 40.0 + testSeconds);
    assertThat(maxSeconds("carddata", "scheduled")).isBetween(90.0, 90.0 + testSeconds);
    assertThat(maxSeconds("realname", "manual")).isBetween(0.0, testSeconds);
  }

  /** What the scheduler does for a card that came due at {@code dueAt}: lease, then publish. */
  private static void publishLeased(long cardId, TaskType type, Instant dueAt) {
    Instant now = Instant.ofEpochMilli(System.currentTimeMillis());
    Instant leaseUntil = now.plusSeconds(300);
    app.bean(PollingQueueManager.class).requeue(cardId, type, leaseUntil);
    var topic = Topics.checkTasks(type);
    app.send(
        topic.name(),
        Long.toString(cardId),
        codec.encode(topic, new CheckTask(cardId, type, dueAt, now, false, leaseUntil)));
  }

  private static long count(String type, String source) {
    Timer timer = timer(type, source);
    return timer == null ? 0 : timer.count();
  }

  private static double maxSeconds(String type, String source) {
    return timer(type, source).max(TimeUnit.MILLISECONDS) / 1000.0;
  }

  private static Timer timer(String type, String source) {
    return app.bean(MeterRegistry.class)
        .find("polling.handlers.lateness")
        .tag("task_type", type)
        .tag("source", source)
        .timer();
  }
}
