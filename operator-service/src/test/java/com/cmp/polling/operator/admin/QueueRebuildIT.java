package com.cmp.polling.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.lock.HeldLock;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.operator.SchedulerBeside;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/admin/queues/rebuild}: the queues rebuilt from PostgreSQL on demand, by the
 * scheduler running beside the operator app, which takes the request from Redis. Its initializer
 * reads {@link #PAGE} cards a page and rests a second after each, so a run over the 300 cards stays
 * at least five seconds between its first page and its last: its progress can be seen under way.
 */
class QueueRebuildIT {

  static final int PAGE = 50;

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final List<String> cards = new ArrayList<>();
  static SchedulerBeside scheduler;
  static OperatorTestApp app;
  static AdminApi api;

  @BeforeAll
  static void start() {
    for (int i = 0; i < 300; i++) {
      cards.add(Long.toString(postgres.data().card().insert()));
    }
    scheduler =
        SchedulerBeside.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.scheduler.initializer.enabled",
                true,
                "cmp.polling.scheduler.initializer.batch-size",
                PAGE,
                "cmp.polling.scheduler.initializer.pause",
                "1s",
                "cmp.polling.scheduler.initializer.watch-interval",
                "500ms"));
    app = OperatorTestApp.start(postgres, redis, kafka, Map.of());
    api = AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN);
    await().atMost(Duration.ofSeconds(30)).until(() -> realnameMembers().equals(Set.copyOf(cards)));
    // The initializer rests after its last page, then records its completion and gives its lock
    // back.
    await()
        .pollInSameThread()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              Optional<HeldLock> lock =
                  app.bean(OperationLocks.class)
                      .tryAcquire(RedisKeys.INIT_LOCK, Duration.ofMinutes(1));
              lock.ifPresent(HeldLock::close);
              return lock.isPresent();
            });
  }

  @AfterAll
  static void stop() {
    app.close();
    scheduler.close();
  }

  @Test
  void rebuild_showsItsProgress_queuesTheMissingCards_andLeavesAQueuedOrLeasedEntryAsItIs() {
    for (String card : cards.subList(0, 50)) {
      redis.template().opsForZSet().remove(queueOf(card), card);
    }
    String leased = cards.get(60);
    double leaseEnd = Instant.now().plus(Duration.ofMinutes(5)).toEpochMilli();
    redis.template().opsForZSet().add(queueOf(leased), leased, leaseEnd);
    assertThat(realnameMembers()).hasSize(250);

    AdminApi.Reply reply = api.post("/api/admin/queues/rebuild");

    assertThat(reply.status()).isEqualTo(202);
    JsonNode body = reply.json();
    assertThat(body.path("total").asLong()).isEqualTo(300);
    assertThat(body.path("progress").asString()).isEqualTo("/api/monitoring/initializer");
    assertThat(body.path("scheduler").asString()).contains("@");
    String startedAt = body.path("startedAt").asString();
    JsonNode underWay =
        await()
            .atMost(Duration.ofSeconds(30))
            .pollInterval(Duration.ofMillis(100))
            .until(
                () -> api.get("/api/monitoring/initializer").json(),
                p ->
                    p.path("startedAt").asString().equals(startedAt)
                        && p.path("processed").asLong() > 0
                        && p.path("processed").asLong() < 300);
    assertThat(underWay.path("completed").asBoolean()).isFalse();
    assertThat(underWay.path("total").asLong()).isEqualTo(300);
    assertThat(underWay.path("processed").asLong() % PAGE).isZero();
    assertThat(underWay.path("percent").asDouble())
        .isEqualTo(Math.round(underWay.path("processed").asLong() * 1000.0 / 300) / 10.0);
    assertThat(underWay.path("lastId").asLong())
        .isEqualTo(Long.parseLong(cards.get((int) underWay.path("processed").asLong() - 1)));
    JsonNode progress =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> api.get("/api/monitoring/initializer").json(),
                p ->
                    p.path("startedAt").asString().equals(startedAt)
                        && p.path("completed").asBoolean());
    assertThat(progress.path("processed").asLong()).isEqualTo(300);
    assertThat(progress.path("percent").asDouble()).isEqualTo(100.0);
    assertThat(realnameMembers()).isEqualTo(Set.copyOf(cards));
    assertThat(redis.template().opsForZSet().score(queueOf(leased), leased)).isEqualTo(leaseEnd);
  }

  @Test
  void rebuild_whileTheQueuesAreBeingInitialized_isRefused() {
    // Another run holds the initializer's lock (the lock is the thread's: poll in this thread,
    // and wait for an earlier rebuild to give it back).
    AtomicReference<HeldLock> held = new AtomicReference<>();
    await()
        .pollInSameThread()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              app.bean(OperationLocks.class)
                  .tryAcquire(RedisKeys.INIT_LOCK, Duration.ofMinutes(1))
                  .ifPresent(held::set);
              return held.get() != null;
            });
    HeldLock initializing = held.get();
    try {
      AdminApi.Reply reply = api.post("/api/admin/queues/rebuild");

      assertThat(reply.status()).isEqualTo(409);
      assertThat(reply.json().path("error").asString()).isEqualTo("conflict");
      assertThat(reply.json().path("message").asString()).contains("/api/monitoring/initializer");
    } finally {
      initializing.close();
    }
  }

  @Test
  void rebuild_withoutTheToken_isRefused() {
    AdminApi.Reply reply =
        AdminApi.withAuthorization(app.baseUrl(), null).post("/api/admin/queues/rebuild");

    assertThat(reply.status()).isEqualTo(401);
  }

  private static String queueOf(String card) {
    int shard = app.bean(PollingQueueManager.class).shardOf(Long.parseLong(card));
    return RedisKeys.shardQueue(shard, TaskType.REALNAME);
  }

  private static Set<String> realnameMembers() {
    Set<String> members = new HashSet<>();
    for (int shard = 0; shard < 16; shard++) {
      members.addAll(
          redis
              .template()
              .opsForZSet()
              .range(RedisKeys.shardQueue(shard, TaskType.REALNAME), 0, -1));
    }
    return members;
  }
}
