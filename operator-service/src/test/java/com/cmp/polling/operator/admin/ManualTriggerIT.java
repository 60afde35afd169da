package com.cmp.polling.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code POST /api/admin/cards/{cardId}/checks/{taskType}} accepted: the card goes on the manual
 * list, and a card not queued yet is enrolled on the spot (seed 003 lazy load).
 */
class ManualTriggerIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static OperatorTestApp app;
  static AdminApi api;
  static QueueState queues;

  @BeforeAll
  static void start() {
    app = OperatorTestApp.start(postgres, redis, kafka, Map.of());
    api = AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN);
    queues = new QueueState(redis.template());
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void neverQueuedCard_isEnrolledInItsShardQueuesAfterItsIntervals_andPutOnTheManualList() {
    long card = postgres.data().card().insert();
    double now = Instant.now().toEpochMilli() / 1000.0;

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card + "/checks/carddata");

    assertThat(reply.status()).isEqualTo(202);
    assertThat(reply.json().path("cardId").asLong()).isEqualTo(card);
    assertThat(reply.json().path("taskType").asString()).isEqualTo("carddata");
    assertThat(reply.json().path("enrolledNow").asBoolean()).isTrue();
    assertThat(queues.manualList(TaskType.CARDDATA)).contains(Long.toString(card));
    // default-activated: realname 86400 s, carddata 1800 s, package 3600 s; protect only while
    // protected.
    assertThat(queues.score(card, TaskType.REALNAME)).isCloseTo(now + 86400, within(5.0));
    assertThat(queues.score(card, TaskType.CARDDATA)).isCloseTo(now + 1800, within(5.0));
    assertThat(queues.score(card, TaskType.PACKAGE)).isCloseTo(now + 3600, within(5.0));
    assertThat(queues.score(card, TaskType.PROTECT)).isNull();
  }

  @Test
  void alreadyQueuedCard_keepsItsNextCheckTime_andIsPutOnTheManualList() {
    long card = postgres.data().card().insert();
    Instant scheduled = Instant.parse("2030-01-01T00:00:00Z");
    app.bean(PollingQueueManager.class).requeue(card, TaskType.REALNAME, scheduled);

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card + "/checks/realname");

    assertThat(reply.status()).isEqualTo(202);
    assertThat(reply.json().path("enrolledNow").asBoolean()).isFalse();
    assertThat(queues.score(card, TaskType.REALNAME)).isEqualTo(scheduled.getEpochSecond());
    assertThat(queues.manualList(TaskType.REALNAME)).contains(Long.toString(card));
  }

  @Test
  void protectCheckOfAProtectedCard_isAccepted_andEnrollsItInTheProtectQueue() {
    long card = postgres.data().card().insert();
    redis.template().opsForValue().set(RedisKeys.protection(card), "stop");

    AdminApi.Reply reply = api.post("/api/admin/cards/" + card + "/checks/protect");

    assertThat(reply.status()).isEqualTo(202);
    assertThat(queues.score(card, TaskType.PROTECT)).isNotNull();
    assertThat(queues.manualList(TaskType.PROTECT)).contains(Long.toString(card));
  }

  @Test
  void taskTypeTheCardsConfigTurnsOff_is409_whileTheOthersAreAccepted() {
    postgres
        .data()
        .config("carrier-7-no-usage")
        .carrier(7L)
        .priority(10)
        .intervals(600, null, 3600, null)
        .insert();
    app.bean(PollingConfigManager.class).refreshNow();
    long card = postgres.data().card().carrier(7, "CUCC").insert();

    AdminApi.Reply refused = api.post("/api/admin/cards/" + card + "/checks/carddata");
    AdminApi.Reply accepted = api.post("/api/admin/cards/" + card + "/checks/realname");

    assertThat(refused.status()).isEqualTo(409);
    assertThat(refused.message())
        .startsWith("card " + card + " gets no carddata checks: its polling config")
        .contains("carrier-7-no-usage", "turns them off");
    assertThat(queues.manualList(TaskType.CARDDATA)).doesNotContain(Long.toString(card));
    assertThat(accepted.status()).isEqualTo(202);
    assertThat(queues.score(card, TaskType.CARDDATA)).isNull();
    assertThat(queues.score(card, TaskType.REALNAME)).isNotNull();
  }
}
