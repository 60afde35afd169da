package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.behaviour.Behaviour;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The handlers lag behind by more than the lease (2 s here): cards come due again while their tasks
 * wait in Kafka, and the scheduler publishes them again. Every card is still checked, the carrier
 * is asked once per card, and every superseded copy is dropped and counted.
 */
class SupersededTasksIT {

  private static final int CARDS = 120;

  // One consumer taking 5 tasks a poll, 4 workers, 100 ms per carrier call: about 25 checks a
  // second at most, so 120 cards need several leases of 2 s; a poll is over well within one.
  @RegisterExtension
  static final HandlersTestApp app =
      HandlersTestApp.withSettings(
          Map.of(
              "cmp.polling.queue.lease", "2s",
              "cmp.polling.handlers.consumers-per-type", 1,
              "cmp.polling.handlers.worker-threads", 4,
              "spring.kafka.consumer.max-poll-records", 5));

  @Test
  void backlogLongerThanTheLease_everyCardCheckedOnce_andTheSupersededCopiesDroppedAndCounted() {
    app.simulator().control().configure(Behaviour.none().withLatencyMs(100));
    List<String> iccids = new ArrayList<>();
    PollingQueueManager queues = app.bean(PollingQueueManager.class);
    Instant due = Instant.now().minusSeconds(1);
    for (int i = 1; i <= CARDS; i++) {
      String iccid = "89861777" + String.format("%012d", i);
      long card = app.postgres().data().card().iccid(iccid).insert();
      queues.requeue(card, TaskType.REALNAME, due);
      iccids.add(iccid);
    }

    // The scheduler's rounds, one every half second, without back-pressure: every card whose
    // lease ended is leased again and published again.
    int[] published = {0};
    await()
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> {
              published[0] += publishDueTasks(queues);
              return checks("next") == CARDS;
            });

    assertThat(published[0]).as("tasks published").isGreaterThan(CARDS);
    for (String iccid : iccids) {
      assertThat(app.simulator().control().calls(iccid))
          .as("carrier calls for %s", iccid)
          .containsEntry("real-name", 1);
    }
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> checks("superseded") == published[0] - CARDS);
    assertThat(checks("next")).isEqualTo(CARDS);
  }

  /** What a scheduling round does: lease every due card and publish it with its lease. */
  private static int publishDueTasks(PollingQueueManager queues) {
    PayloadCodec codec = app.bean(PayloadCodec.class);
    var topic = Topics.checkTasks(TaskType.REALNAME);
    int count = 0;
    for (int shard = 0; shard < queues.shardCount(); shard++) {
      for (CardEntry entry : queues.dequeueReady(shard, TaskType.REALNAME, 1000)) {
        Instant now = Instant.now();
        CheckTask task =
            new CheckTask(
                entry.cardId(), TaskType.REALNAME, entry.dueAt(), now, false, entry.leaseUntil());
        app.send(topic.name(), task.key(), codec.encode(topic, task));
        count++;
      }
    }
    return count;
  }

  private static double checks(String result) {
    var counter =
        app.bean(MeterRegistry.class)
            .find("polling.handlers.checks")
            .tags("task_type", "realname", "result", result)
            .counter();
    return counter == null ? 0 : counter.count();
  }
}
