package com.cmp.polling.scheduler.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.kafka.TopicCursor;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The manual lane waits for no round: with the loop running and a round of 200 000 due cards taking
 * seconds, a manual trigger asked for in the middle of it is published within a second.
 */
class ManualLaneIT {

  private static final int DUE = 200_000;

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static SchedulerTestApp app;

  @BeforeAll
  static void start() {
    // No hold-back: nobody consumes the task topics here, their lag only grows.
    app =
        SchedulerTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.scheduler.enabled",
                true,
                "cmp.polling.scheduler.backpressure.max-lag-age",
                "1d"));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void aManualTriggerAskedForDuringALongRound_isPublishedWithinASecond() {
    var queues = app.bean(PollingQueueManager.class);
    TopicCursor manualTopic = kafka.cursorAtEnd(Topics.MANUAL_CARDDATA_NAME);
    List<ScheduledCheck> due = new ArrayList<>(DUE);
    for (long card = 1; card <= DUE; card++) {
      due.add(new ScheduledCheck(card, TaskType.CARDDATA, Instant.now().minusSeconds(1)));
    }
    for (int from = 0; from < DUE; from += 50_000) {
      queues.requeueAll(due.subList(from, from + 50_000));
    }
    await("a round publishing the due cards")
        .atMost(Duration.ofSeconds(30))
        .until(() -> scheduled() > 0);

    Instant asked = Instant.now();
    queues.manualTriggers().enqueue(DUE + 7L, TaskType.CARDDATA);
    List<ConsumerRecord<String, byte[]>> published = manualTopic.read(1, Duration.ofSeconds(10));
    long dueLeft = queues.getOverdueCount(TaskType.CARDDATA, Instant.now());

    assertThat(published).hasSize(1);
    CheckTask task = new PayloadCodec().decode(Topics.MANUAL_CARDDATA, published.get(0).value());
    assertThat(task.cardId()).isEqualTo(DUE + 7L);
    assertThat(Duration.ofMillis(published.get(0).timestamp() - asked.toEpochMilli()))
        .as("from the trigger to its task in Kafka")
        .isLessThan(Duration.ofSeconds(1));
    // The round was still under way: cards it had not yet leased were waiting.
    assertThat(dueLeft).as("due cards not yet leased when the manual task arrived").isPositive();
    await("the metric of the manual lane")
        .atMost(Duration.ofSeconds(5))
        .untilAsserted(
            () -> {
              Timer delay = manualDelay();
              assertThat(delay.count()).isEqualTo(1);
              assertThat(delay.max(TimeUnit.MILLISECONDS)).isLessThan(1000);
            });
    await("the long round's end").atMost(Duration.ofSeconds(120)).until(() -> scheduled() >= DUE);
    assertThat(roundTimer().max(TimeUnit.MILLISECONDS))
        .as("the longest round, tick 1 s")
        .isGreaterThan(1000);
  }

  private static double scheduled() {
    var counter =
        app.bean(MeterRegistry.class)
            .find("polling.scheduler.dispatched")
            .tags("task_type", "carddata", "source", "scheduled")
            .counter();
    return counter == null ? 0 : counter.count();
  }

  private static Timer manualDelay() {
    return app.bean(MeterRegistry.class)
        .get("polling.scheduler.manual.delay")
        .tag("task_type", "carddata")
        .timer();
  }

  private static Timer roundTimer() {
    return app.bean(MeterRegistry.class).get("polling.scheduler.round").timer();
  }
}
