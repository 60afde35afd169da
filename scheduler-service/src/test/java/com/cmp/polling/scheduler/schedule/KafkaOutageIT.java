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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Kafka becomes unreachable during a round: every card the round dequeued is back in its queue, and
 * every manual trigger the round took is still there, published once Kafka is back.
 */
class KafkaOutageIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.restartable();

  static SchedulerTestApp app;

  @BeforeAll
  static void start() {
    app =
        SchedulerTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.scheduler.backpressure.max-consumer-lag",
                Long.MAX_VALUE,
                // Measured once: with Kafka away each measure waits for its timeouts.
                "cmp.polling.scheduler.backpressure.lag-check-interval",
                "1h",
                // Fail fast once the broker is gone instead of the producer's 2-minute default.
                "spring.kafka.producer.properties.max.block.ms",
                2000,
                "spring.kafka.producer.properties.request.timeout.ms",
                1000,
                "spring.kafka.producer.properties.delivery.timeout.ms",
                3000,
                "cmp.polling.kafka.ack-timeout",
                "10s"));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void emptyQueues() {
    redis.flush();
  }

  @AfterEach
  void kafkaIsBack() {
    if (kafkaDown) {
      kafka.startBroker();
      kafkaDown = false;
    }
  }

  private static boolean kafkaDown;

  @Test
  void kafkaUnreachableDuringARound_putsEveryDequeuedCardBack() {
    var queues = app.bean(PollingQueueManager.class);
    List<ScheduledCheck> due = new ArrayList<>();
    for (long card = 1; card <= 200; card++) {
      due.add(new ScheduledCheck(card, TaskType.CARDDATA, Instant.now().minusSeconds(5)));
    }
    queues.requeueAll(due);
    // One healthy round first, so the producer knows the topics.
    app.bean(SchedulingLoop.class).runRound();
    queues.requeueAll(due);

    kafka.stopBroker();
    kafkaDown = true;
    RoundCounts counts = app.bean(SchedulingLoop.class).runRound();

    assertThat(counts.of(TaskType.CARDDATA).scheduled()).isZero();
    assertThat(counts.of(TaskType.CARDDATA).failures()).isEqualTo(200);
    // Back, and due at once: not left leased until the lease ends.
    assertThat(queues.getTotalQueueDepth(TaskType.CARDDATA)).isEqualTo(200);
    assertThat(queues.getOverdueCount(TaskType.CARDDATA, Instant.now())).isEqualTo(200);
  }

  @Test
  void manualTriggerTakenWhileKafkaIsUnreachable_isStillThere_andPublishedOnceKafkaIsBack() {
    var queues = app.bean(PollingQueueManager.class);
    var loop = app.bean(SchedulingLoop.class);
    TopicCursor manualTopic = kafka.cursorAtEnd(Topics.MANUAL_CARDDATA_NAME);
    queues.manualTriggers().enqueue(77, TaskType.CARDDATA);

    kafka.stopBroker();
    kafkaDown = true;
    RoundCounts down = loop.runRound();

    assertThat(down.of(TaskType.CARDDATA).manual()).isZero();
    assertThat(down.of(TaskType.CARDDATA).failures()).isEqualTo(1);
    // Taken, refused, and due again at once: not lost, not waiting for a lease to end.
    assertThat(queues.manualTriggers().length(TaskType.CARDDATA)).isEqualTo(1);

    // Back where it was, with its topics and data: the app's producer reconnects by itself.
    kafkaIsBack();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> loop.runRound().of(TaskType.CARDDATA).manual() == 1);

    List<CheckTask> published =
        manualTopic.read(2, Duration.ofSeconds(3)).stream()
            .map(r -> new PayloadCodec().decode(Topics.MANUAL_CARDDATA, r.value()))
            .toList();
    assertThat(published)
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.cardId()).isEqualTo(77);
              assertThat(t.manual()).isTrue();
            });
    assertThat(queues.manualTriggers().length(TaskType.CARDDATA)).isZero();
  }
}
