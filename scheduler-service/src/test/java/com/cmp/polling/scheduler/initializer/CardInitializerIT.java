package com.cmp.polling.scheduler.initializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The initializer on 2 000 cards: skips what must not be polled, resumes after a kill. Default
 * configs: activated and not_real_name cards get realname, carddata and package checks.
 */
class CardInitializerIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static SchedulerTestApp app;
  static CardInitializer initializer;
  static Set<String> expectedPolled;

  @BeforeAll
  static void start() {
    app =
        SchedulerTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.scheduler.initializer.batch-size",
                100,
                "cmp.polling.scheduler.initializer.pause",
                "50ms"));
    initializer = app.bean(CardInitializer.class);
    var data = postgres.data();
    long disabledDevice = data.device().pollingDisabled().insert();
    long device = data.device().insert();
    expectedPolled = new HashSet<>();
    for (int i = 0; i < 2000; i++) {
      long card;
      if (i % 10 == 0) {
        card = data.card().pollingDisabled().insert();
      } else if (i % 10 == 1) {
        card = data.card().device(disabledDevice).insert();
      } else {
        card =
            i % 10 == 2 ? data.card().device(device).unverified().insert() : data.card().insert();
        expectedPolled.add(Long.toString(card));
      }
    }
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void fullRun_queuesEveryPolledCard_andSkipsDisabledCardsAndCardsOfDisabledDevices() {
    assertThat(initializer.ensureQueues()).isTrue();

    assertQueuesHoldExactlyTheExpectedCards();
    InitProgress progress = app.bean(InitProgressStore.class).read().orElseThrow();
    assertThat(progress.completed()).isTrue();
    assertThat(progress.processed()).isEqualTo(2000);
    assertThat(progress.total()).isEqualTo(2000);
    assertThat(progress.percent()).isEqualTo(100.0);
    assertThat(redis.template().opsForHash().entries(RedisKeys.INIT_PROGRESS))
        .containsKeys("processed", "total", "percent", "eta_seconds", "last_id", "completed");
    // Nothing more to do once complete.
    assertThat(initializer.ensureQueues()).isFalse();
  }

  @Test
  void runKilledHalfWay_continuesFromTheLastId_andEndsWithTheSameQueues() throws Exception {
    Thread first = new Thread(initializer::ensureQueues, "initializer-to-kill");
    first.start();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                app.bean(InitProgressStore.class).read().map(InitProgress::processed).orElse(0L)
                    >= 500);
    first.interrupt();
    first.join(10_000);
    InitProgress killed = app.bean(InitProgressStore.class).read().orElseThrow();
    assertThat(killed.completed()).isFalse();
    assertThat(killed.lastId()).isPositive();

    assertThat(initializer.ensureQueues()).isTrue();

    InitProgress done = app.bean(InitProgressStore.class).read().orElseThrow();
    assertThat(done.completed()).isTrue();
    // Continued, not restarted: every card read exactly once over the two runs.
    assertThat(done.processed()).isEqualTo(2000);
    assertThat(done.startedAt()).isEqualTo(killed.startedAt());
    assertQueuesHoldExactlyTheExpectedCards();
  }

  static void assertQueuesHoldExactlyTheExpectedCards() {
    for (TaskType type : List.of(TaskType.REALNAME, TaskType.CARDDATA, TaskType.PACKAGE)) {
      assertThat(members(type)).as(type.code()).isEqualTo(expectedPolled);
    }
    assertThat(members(TaskType.PROTECT)).isEmpty();
  }

  static Set<String> members(TaskType type) {
    Set<String> members = new HashSet<>();
    for (int shard = 0; shard < 16; shard++) {
      members.addAll(redis.template().opsForZSet().range(RedisKeys.shardQueue(shard, type), 0, -1));
    }
    return members;
  }
}
