package com.cmp.polling.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.lock.HeldLock;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.operator.SchedulerBeside;
import com.cmp.polling.operator.monitoring.PrometheusScrape;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/admin/queues/reconcile} and {@code GET /api/monitoring/reconciler}: a pass on
 * demand, carried out by the scheduler running beside the operator app (it takes the request from
 * Redis), its counts, and the refusals. The queues start empty (no initializer), so the first pass
 * finds every check missing; the settle window is 0 so that the cards just inserted count.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class QueueReconcileApiIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final List<Long> cards = new ArrayList<>();
  static SchedulerBeside scheduler;
  static OperatorTestApp app;
  static AdminApi api;

  @BeforeAll
  static void start() {
    for (int i = 0; i < 30; i++) {
      cards.add(postgres.data().card().insert());
    }
    scheduler =
        SchedulerBeside.start(
            postgres, redis, kafka, Map.of("cmp.polling.scheduler.reconciler.settle", "0s"));
    app = OperatorTestApp.start(postgres, redis, kafka, Map.of());
    api = AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN);
  }

  @AfterAll
  static void stop() {
    app.close();
    scheduler.close();
  }

  @Test
  @Order(1)
  void beforeAnyPass_theStatusSaysNone() {
    JsonNode status = api.get("/api/monitoring/reconciler").json();

    assertThat(status.path("state").asString()).isEqualTo("none");
  }

  @Test
  @Order(2)
  void reconcile_startsAPass_whoseCountsTheStatusShows_andTheMetricsCount() {
    AdminApi.Reply reply = api.post("/api/admin/queues/reconcile");

    assertThat(reply.status()).isEqualTo(202);
    assertThat(reply.json().path("status").asString()).isEqualTo("/api/monitoring/reconciler");
    assertThat(reply.json().path("trigger").asString()).startsWith("the admin API");
    assertThat(reply.json().path("scheduler").asString()).contains("@");
    JsonNode status = completedPass();
    // 30 cards under default-activated: realname, carddata and package checks each.
    assertThat(status.path("repairs").path("missing").asLong()).isEqualTo(90);
    assertThat(status.path("repairs").path("stray").asLong()).isZero();
    assertThat(status.path("repairs").path("wrong_type").asLong()).isZero();
    assertThat(status.path("skipped").path("recent").asLong()).isZero();
    assertThat(status.path("skipped").path("leased").asLong()).isZero();
    assertThat(status.path("cardsRead").asLong()).isEqualTo(30);
    assertThat(status.path("tookMillis").isNumber()).isTrue();
    assertThat(status.path("settleSeconds").asLong()).isZero();
    for (long card : cards) {
      assertThat(
              redis
                  .template()
                  .opsForZSet()
                  .score(
                      RedisKeys.shardQueue((int) (card % 16), TaskType.CARDDATA),
                      Long.toString(card)))
          .isNotNull();
    }
    // The pass ran in the scheduler: its metrics are the scheduler's.
    PrometheusScrape scrape = PrometheusScrape.of(scheduler.managementUrl());
    assertThat(scrape.value("polling_reconciler_repairs_total", "kind=\"missing\"")).hasValue(90.0);
    assertThat(scrape.value("polling_reconciler_last_pass_repairs", "")).hasValue(90.0);
    assertThat(scrape.hasFamily("polling_reconciler_pass_seconds")).isTrue();
  }

  @Test
  @Order(3)
  void aSecondPass_onQueuesNowInStep_repairsNothing() {
    String firstStart = api.get("/api/monitoring/reconciler").json().path("startedAt").asString();

    assertThat(api.post("/api/admin/queues/reconcile").status()).isEqualTo(202);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              JsonNode status = api.get("/api/monitoring/reconciler").json();
              return !status.path("startedAt").asString().equals(firstStart)
                  && status.path("state").asString().equals("completed");
            });
    JsonNode status = api.get("/api/monitoring/reconciler").json();
    assertThat(status.path("repairs").path("missing").asLong()).isZero();
  }

  @Test
  @Order(4)
  void reconcile_whileTheQueuesAreBeingInitializedOrRebuilt_isRefused() {
    // The lock is the thread's: poll in this thread, and wait for an earlier pass to give it back.
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
    try {
      AdminApi.Reply reply = api.post("/api/admin/queues/reconcile");

      assertThat(reply.status()).isEqualTo(409);
      assertThat(reply.error()).isEqualTo("conflict");
      assertThat(reply.message())
          .contains("polling:init:lock")
          .contains("/api/monitoring/reconciler");
    } finally {
      held.get().close();
    }
  }

  @Test
  @Order(5)
  void reconcileAndItsStatus_withoutTheToken_areRefused() {
    AdminApi anonymous = AdminApi.withAuthorization(app.baseUrl(), null);

    assertThat(anonymous.post("/api/admin/queues/reconcile").status()).isEqualTo(401);
    assertThat(anonymous.get("/api/monitoring/reconciler").status()).isEqualTo(401);
  }

  private static JsonNode completedPass() {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                api.get("/api/monitoring/reconciler")
                    .json()
                    .path("state")
                    .asString()
                    .equals("completed"));
    return api.get("/api/monitoring/reconciler").json();
  }
}
