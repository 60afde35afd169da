package com.cmp.polling.operator.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.operator.SchedulerBeside;
import com.cmp.polling.scheduler.schedule.SchedulingLoop;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /api/monitoring/queues} (and scheduler stats) report the queues the test fills, and
 * what a round of the scheduler beside the operator app published.
 */
class QueueMonitoringIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static SchedulerBeside scheduler;
  static OperatorTestApp app;
  static AdminApi api;
  static PollingQueueManager queues;

  @BeforeAll
  static void start() {
    scheduler = SchedulerBeside.start(postgres, redis, kafka, Map.of());
    app = OperatorTestApp.start(postgres, redis, kafka, Map.of());
    api = AdminApi.withToken(app.baseUrl(), OperatorTestApp.TOKEN);
    queues = app.bean(PollingQueueManager.class);
  }

  @AfterAll
  static void stop() {
    app.close();
    scheduler.close();
  }

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void queues_showDepthOverdueManualAndShardDepthsPerTaskType() {
    Instant now = Instant.now();
    queues.requeue(1, TaskType.REALNAME, now.minusSeconds(60)); // shard 1, overdue
    queues.requeue(17, TaskType.REALNAME, now.plusSeconds(3600)); // shard 1
    queues.requeue(2, TaskType.REALNAME, now.minusSeconds(5)); // shard 2, overdue
    queues.requeue(15, TaskType.REALNAME, now.plusSeconds(60)); // shard 15
    queues.requeue(3, TaskType.PACKAGE, now.plusSeconds(60)); // shard 3
    queues.manualTriggers().enqueue(40, TaskType.CARDDATA);
    queues.manualTriggers().enqueue(41, TaskType.CARDDATA);

    JsonNode body = api.get("/api/monitoring/queues").json();

    assertThat(body.path("shardCount").asLong()).isEqualTo(16);
    JsonNode realname = body.path("taskTypes").path("realname");
    assertThat(realname.path("depth").asLong()).isEqualTo(4);
    assertThat(realname.path("overdue").asLong()).isEqualTo(2);
    assertThat(realname.path("manual").asLong()).isZero();
    assertThat(shards(realname)).isEqualTo(depths(Map.of(1, 2L, 2, 1L, 15, 1L)));
    JsonNode carddata = body.path("taskTypes").path("carddata");
    assertThat(carddata.path("depth").asLong()).isZero();
    assertThat(carddata.path("manual").asLong()).isEqualTo(2);
    JsonNode packages = body.path("taskTypes").path("package");
    assertThat(packages.path("depth").asLong()).isEqualTo(1);
    assertThat(packages.path("overdue").asLong()).isZero();
    assertThat(shards(packages)).isEqualTo(depths(Map.of(3, 1L)));
    assertThat(body.path("taskTypes").path("protect").path("depth").asLong()).isZero();
  }

  @Test
  void scheduler_afterARound_reportsWhatTheRoundPublished_andTheQueuesNoLongerShowThemOverdue() {
    Instant due = Instant.now().minusSeconds(30);
    for (long card = 101; card <= 103; card++) {
      queues.requeue(card, TaskType.CARDDATA, due);
    }
    assertThat(api.get("/api/monitoring/queues").json().at("/taskTypes/carddata/overdue").asLong())
        .isEqualTo(3);

    scheduler.bean(SchedulingLoop.class).runRound();

    JsonNode carddata = api.get("/api/monitoring/scheduler").json().path("carddata");
    assertThat(carddata.path("last_schedule_count").asLong()).isEqualTo(3);
    assertThat(carddata.path("total_scheduled").asLong()).isEqualTo(3);
    JsonNode queued = api.get("/api/monitoring/queues").json().at("/taskTypes/carddata");
    assertThat(queued.path("depth").asLong()).isEqualTo(3);
    assertThat(queued.path("overdue").asLong()).isZero();
  }

  @Test
  void queues_withOneShardAnsweringWrongType_answer200_leaveItOutAndNameIt() {
    Instant now = Instant.now();
    queues.requeue(1, TaskType.CARDDATA, now.minusSeconds(60)); // shard 1, overdue
    queues.requeue(2, TaskType.CARDDATA, now.plusSeconds(60)); // shard 2
    redis.template().opsForValue().set(RedisKeys.shardQueue(5, TaskType.CARDDATA), "not a queue");

    AdminApi.Reply reply = api.get("/api/monitoring/queues");

    assertThat(reply.status()).isEqualTo(200);
    JsonNode carddata = reply.json().at("/taskTypes/carddata");
    assertThat(carddata.path("depth").asLong()).isEqualTo(2);
    assertThat(carddata.path("overdue").asLong()).isEqualTo(1);
    assertThat(carddata.path("failedShards").get(0).asInt()).isEqualTo(5);
    assertThat(carddata.path("failedShards").size()).isEqualTo(1);
    assertThat(carddata.path("shards").get(5).isNull()).isTrue();
    assertThat(carddata.path("shards").get(1).asLong()).isEqualTo(1);
    assertThat(reply.json().at("/taskTypes/realname/failedShards").size()).isZero();
  }

  private static List<Long> shards(JsonNode taskQueues) {
    List<Long> depths = new ArrayList<>();
    taskQueues.path("shards").forEach(node -> depths.add(node.asLong()));
    return depths;
  }

  private static List<Long> depths(Map<Integer, Long> nonEmpty) {
    List<Long> depths = new ArrayList<>();
    for (int shard = 0; shard < 16; shard++) {
      depths.add(nonEmpty.getOrDefault(shard, 0L));
    }
    return depths;
  }
}
