package com.cmp.polling.listener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seed 003: an operator changes a config's interval from 60 s to 120 s, every card it matches is
 * rescheduled; a task type switched off empties that queue of its cards. Cards of other configs are
 * not touched.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConfigChangeIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final Duration WAIT = Duration.ofSeconds(30);
  static final Instant FAR = Instant.parse("2030-01-01T00:00:00Z");
  static ListenerTestApp app;
  static QueueState queues;
  static long config;
  static final List<Long> matched = new ArrayList<>();
  static long stopped;

  @BeforeAll
  static void start() {
    config =
        postgres
            .data()
            .config("it-activated")
            .condition("activated")
            .priority(10)
            .intervals(60, 60, 3600, null)
            .insert();
    app = ListenerTestApp.start(postgres, redis, kafka, Map.of());
    queues = new QueueState(redis.template());
    for (int i = 0; i < 30; i++) {
      matched.add(postgres.data().card().insert());
    }
    stopped = postgres.data().card().stopped("manual").insert(); // default-suspended
    await()
        .atMost(WAIT)
        .until(
            () ->
                matched.stream().allMatch(id -> queues.score(id, TaskType.CARDDATA) != null)
                    && queues.score(stopped, TaskType.CARDDATA) != null);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  @Order(1)
  void carddataInterval60To120_reschedulesEveryMatchedCardWithinNowPlus120s() {
    List<ScheduledCheck> far = new ArrayList<>();
    matched.forEach(id -> far.add(new ScheduledCheck(id, TaskType.CARDDATA, FAR)));
    far.add(new ScheduledCheck(stopped, TaskType.CARDDATA, FAR));
    app.bean(PollingQueueManager.class).requeueAll(far);
    Instant before = Instant.now();

    postgres
        .jdbc()
        .sql("UPDATE tb_polling_config SET carddata_check_interval = 120 WHERE id = ?")
        .param(config)
        .update();

    await()
        .atMost(WAIT)
        .until(
            () ->
                matched.stream().allMatch(id -> queues.score(id, TaskType.CARDDATA).isBefore(FAR)));
    Instant after = Instant.now();
    assertThat(matched)
        .allSatisfy(
            id ->
                assertThat(queues.score(id, TaskType.CARDDATA))
                    .isBetween(before.minusSeconds(1), after.plusSeconds(120)));
    assertThat(queues.score(stopped, TaskType.CARDDATA)).isEqualTo(FAR);
  }

  @Test
  @Order(2)
  void taskTypeSwitchedOff_takesItsCardsOutOfThatQueue_only() {
    postgres
        .jdbc()
        .sql("UPDATE tb_polling_config SET package_check_interval = NULL WHERE id = ?")
        .param(config)
        .update();

    await()
        .atMost(WAIT)
        .until(() -> matched.stream().allMatch(id -> queues.score(id, TaskType.PACKAGE) == null));
    assertThat(matched)
        .allSatisfy(
            id ->
                assertThat(queues.taskTypes(id))
                    .containsExactlyInAnyOrder(TaskType.REALNAME, TaskType.CARDDATA));
    assertThat(queues.score(stopped, TaskType.PACKAGE)).isNotNull();
  }
}
