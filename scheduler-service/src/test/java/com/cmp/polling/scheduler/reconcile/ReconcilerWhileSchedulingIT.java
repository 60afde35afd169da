package com.cmp.polling.scheduler.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.PassResult.Outcome;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The reconciler beside a working pipeline: while the scheduling loop leases due cards every tick
 * and stand-in handlers complete their checks (every card is due every second), passes over a fleet
 * whose queues are in step repair nothing and leave nothing aside: leases and completions move
 * scores, never membership, and the reconciler compares membership.
 */
class ReconcilerWhileSchedulingIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final int CARDS = 300;

  /** Every check comes due again this long after it completed: a second, the shortest. */
  static final int INTERVAL_SECONDS = 1;

  static SchedulerTestApp app;
  static Completer completer;

  @BeforeAll
  static void start() {
    postgres
        .data()
        .config("every-two-seconds")
        .priority(1)
        .intervals(INTERVAL_SECONDS, INTERVAL_SECONDS, INTERVAL_SECONDS, null)
        .insert();
    for (int i = 0; i < CARDS; i++) {
      postgres.data().card().insert();
    }
    app =
        SchedulerTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.scheduler.enabled", true,
                "cmp.polling.scheduler.tick", "200ms",
                "cmp.polling.scheduler.initializer.enabled", true,
                "cmp.polling.scheduler.initializer.pause", "0s",
                "cmp.polling.scheduler.initializer.watch-interval", "500ms",
                // A pass rests after each full page of 20 cards: 15 pages of 150 ms, so every
                // pass spans more than two rounds of checks coming due (every second; the fleet
                // comes due together, and a shorter pass could fall between two rounds). The queue
                // scan adds no rests here: a shard queue of some 19 entries is never a full chunk.
                "cmp.polling.scheduler.reconciler.page-size", "20",
                "cmp.polling.scheduler.reconciler.pause", "150ms"));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                app.bean(InitProgressStore.class)
                    .read()
                    .map(InitProgress::completed)
                    .orElse(false));
    // The initializer records its completion a moment before it gives its lock back.
    Reconciler reconciler = app.bean(Reconciler.class);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> reconciler.runNow("first pass").outcome() == Outcome.COMPLETED);
    completer = new Completer(app.bean(PollingQueueManager.class));
  }

  @AfterAll
  static void stop() throws InterruptedException {
    completer.close();
    app.close();
  }

  @Test
  void passesOverQueuesInStep_whileCardsAreLeasedAndCompleted_repairNothing() {
    await().atMost(Duration.ofSeconds(30)).until(() -> completer.completed() > CARDS);
    Reconciler reconciler = app.bean(Reconciler.class);

    for (int pass = 0; pass < 3; pass++) {
      long completedBefore = completer.completed();

      PassResult result = reconciler.runNow("test");

      assertThat(result.outcome()).isEqualTo(Outcome.COMPLETED);
      assertThat(result.cardsRead()).isEqualTo(CARDS);
      assertThat(result.totalRepairs()).isZero();
      assertThat(result.skipped().values()).containsOnly(0L);
      // The pipeline really worked during the pass.
      assertThat(completer.completed()).isGreaterThan(completedBefore);
    }
  }

  /**
   * Stands in for the check handlers: takes every task as it is published and completes its check,
   * the next one an interval later, as a handler would.
   */
  static final class Completer implements AutoCloseable {

    private final KafkaConsumer<String, byte[]> consumer;
    private final PollingQueueManager queues;
    private final PayloadCodec codec = new PayloadCodec();
    private final AtomicLong completed = new AtomicLong();
    private final Thread thread;

    Completer(PollingQueueManager queues) {
      this.queues = queues;
      consumer =
          new KafkaConsumer<>(
              Map.of(
                  ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                  kafka.bootstrapServers(),
                  ConsumerConfig.GROUP_ID_CONFIG,
                  KafkaExtension.unique("stand-in-handlers"),
                  ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                  "earliest",
                  ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                  StringDeserializer.class,
                  ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                  ByteArrayDeserializer.class));
      consumer.subscribe(
          Arrays.stream(TaskType.values()).map(t -> Topics.checkTasks(t).name()).toList());
      thread = new Thread(this::run, "stand-in-handlers");
      thread.setDaemon(true);
      thread.start();
    }

    long completed() {
      return completed.get();
    }

    private void run() {
      try {
        while (!Thread.currentThread().isInterrupted()) {
          for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
            CheckTask task = codec.decode(Topics.TASK_REALNAME, record.value());
            queues.complete(
                task.cardId(), task.taskType(), Instant.now().plusSeconds(INTERVAL_SECONDS));
            completed.incrementAndGet();
          }
        }
      } catch (WakeupException e) {
        // closing
      } finally {
        consumer.close();
      }
    }

    @Override
    public void close() throws InterruptedException {
      consumer.wakeup();
      thread.join(10_000);
    }
  }
}
