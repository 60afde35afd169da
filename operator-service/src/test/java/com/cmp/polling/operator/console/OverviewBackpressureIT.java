package com.cmp.polling.operator.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.operator.OperatorTestApp;
import com.cmp.polling.operator.SchedulerBeside;
import com.cmp.polling.operator.monitoring.FleetSnapshot;
import com.cmp.polling.operator.monitoring.PrometheusScrape;
import com.cmp.polling.scheduler.schedule.SchedulingLoop;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The overview's back-pressure on the real apps and real servers, the scheduler's default limits
 * (max-lag-age 60 s, max-consumer-lag 0, off): realname tasks published two minutes ago and
 * consumed by nobody hold the type back in the scheduler beside the operator app; the operator's
 * overview shows the handlers' lag as a count and as time, the type's state, since when and why,
 * the limits the round decided with, and the round held back among the last ones; the gauges of
 * both apps say the same; once the handlers have caught up, the type is dispatched again.
 */
class OverviewBackpressureIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static SchedulerBeside scheduler;
  static OperatorTestApp app;
  static ConsoleClient console;

  @BeforeAll
  static void start() {
    // A fresh measure every round, so that the catching up shows at the next one.
    scheduler =
        SchedulerBeside.start(
            postgres,
            redis,
            kafka,
            Map.of("cmp.polling.scheduler.backpressure.lag-check-interval", "0s"));
    app =
        OperatorTestApp.start(
            postgres, redis, kafka, Map.of("cmp.polling.operator.monitoring.enabled", false));
    console = new ConsoleClient(app.baseUrl());
    assertThat(console.logIn(OperatorTestApp.TOKEN).status()).isEqualTo(303);
  }

  @AfterAll
  static void stop() {
    app.close();
    scheduler.close();
  }

  @Test
  void tasksWaitingTwoMinutes_holdTheTypeBack_andTheOverviewSaysSinceWhenAndWhy() throws Exception {
    PollingQueueManager queues = app.bean(PollingQueueManager.class);
    Instant now = Instant.now();
    for (long card = 1; card <= 3; card++) {
      queues.requeue(card, TaskType.REALNAME, now.minusSeconds(30));
    }
    publishRealnameTasks(4, now.minusSeconds(120));

    assertThat(scheduler.bean(SchedulingLoop.class).runRound().of(TaskType.REALNAME).scheduled())
        .isZero();
    app.bean(FleetSnapshot.class).refreshNow();
    JsonNode overview = console.get("/console/api/overview").json();

    JsonNode realname = row(overview, "realname");
    assertThat(realname.path("inFlight").asLong()).isEqualTo(4);
    assertThat(realname.path("lagSeconds").asLong()).isBetween(120L, 150L);
    assertThat(realname.path("due").asLong()).isEqualTo(3);
    JsonNode dispatch = realname.path("dispatch");
    assertThat(dispatch.path("state").asString()).isEqualTo("held_back");
    assertThat(dispatch.path("cause").asString()).isEqualTo("lag_age");
    assertThat(Instant.parse(dispatch.path("heldBackSince").asString())).isAfterOrEqualTo(now);
    assertThat(dispatch.path("heldBackSeconds").asLong()).isBetween(0L, 30L);
    assertThat(dispatch.path("lastRoundAgeSeconds").asLong()).isBetween(0L, 30L);
    JsonNode carddata = row(overview, "carddata");
    assertThat(carddata.path("dispatch").path("state").asString()).isEqualTo("dispatching");
    assertThat(carddata.path("dispatch").path("heldBackSince").isNull()).isTrue();
    assertThat(carddata.path("lagSeconds").asLong()).isZero();

    JsonNode holdBacks = overview.path("holdBacks");
    assertThat(holdBacks.path("maxLagAgeSeconds").asLong()).isEqualTo(60);
    assertThat(holdBacks.path("maxConsumerLag").asLong()).isZero();
    assertThat(holdBacks.path("recent").size()).isEqualTo(1);
    JsonNode holdBack = holdBacks.path("recent").get(0);
    assertThat(holdBack.path("taskType").asString()).isEqualTo("realname");
    assertThat(holdBack.path("cause").asString()).isEqualTo("lag_age");
    assertThat(holdBack.path("reason").asString()).contains("max-lag-age 60 s");
    assertThat(holdBack.path("consumerLag").asLong()).isEqualTo(4);
    assertThat(holdBack.path("consumerLagSeconds").asLong()).isBetween(120L, 150L);
    assertThat(holdBack.path("dueCards").asLong()).isEqualTo(3);

    PrometheusScrape engine = PrometheusScrape.of(scheduler.managementUrl());
    assertThat(engine.value("polling_scheduler_held_back", "task_type=\"realname\"")).hasValue(1);
    assertThat(engine.value("polling_scheduler_held_back", "task_type=\"carddata\"")).hasValue(0);
    PrometheusScrape scrape = PrometheusScrape.of(app.managementUrl());
    assertThat(scrape.value("polling_handlers_lag", "task_type=\"realname\"")).hasValue(4);
    assertThat(scrape.value("polling_handlers_lag_seconds", "task_type=\"realname\"").orElseThrow())
        .isBetween(120.0, 150.0);

    handlersCatchUp(TaskType.REALNAME);
    assertThat(scheduler.bean(SchedulingLoop.class).runRound().of(TaskType.REALNAME).scheduled())
        .isEqualTo(3);
    app.bean(FleetSnapshot.class).refreshNow();
    JsonNode after = console.get("/console/api/overview").json();

    assertThat(row(after, "realname").path("dispatch").path("state").asString())
        .isEqualTo("dispatching");
    assertThat(row(after, "realname").path("dispatch").path("heldBackSince").isNull()).isTrue();
    // The hold-back stays among the last ones: the history is what happened, not the state.
    assertThat(after.path("holdBacks").path("recent").size()).isEqualTo(1);
    assertThat(
            PrometheusScrape.of(scheduler.managementUrl())
                .value("polling_scheduler_held_back", "task_type=\"realname\""))
        .hasValue(0);
  }

  private static JsonNode row(JsonNode overview, String taskType) {
    for (JsonNode row : overview.path("taskTypes")) {
      if (row.path("taskType").asString().equals(taskType)) {
        return row;
      }
    }
    throw new AssertionError(taskType + " not in the overview: " + overview);
  }

  private static void publishRealnameTasks(int count, Instant timestamp) throws Exception {
    try (KafkaProducer<String, byte[]> producer = kafka.producer()) {
      for (int card = 1; card <= count; card++) {
        producer
            .send(
                new ProducerRecord<>(
                    Topics.TASK_REALNAME.name(),
                    null,
                    timestamp.toEpochMilli(),
                    Integer.toString(card),
                    new byte[] {'{', '}'}))
            .get();
      }
    }
  }

  /** Commits the handlers' group at the end of the type's topic, as handlers that caught up do. */
  private static void handlersCatchUp(TaskType type) throws Exception {
    Map<String, Object> config =
        Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
    try (Admin admin = Admin.create(config)) {
      String topic = Topics.checkTasks(type).name();
      List<TopicPartition> partitions =
          admin
              .describeTopics(List.of(topic))
              .allTopicNames()
              .get()
              .get(topic)
              .partitions()
              .stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      partitions.forEach(p -> latest.put(p, OffsetSpec.latest()));
      Map<TopicPartition, OffsetAndMetadata> ends = new HashMap<>();
      admin
          .listOffsets(latest)
          .all()
          .get()
          .forEach((p, info) -> ends.put(p, new OffsetAndMetadata(info.offset())));
      admin.alterConsumerGroupOffsets(Topics.checkHandlersGroup(type), ends).all().get();
    }
  }
}
