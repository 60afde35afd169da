package com.cmp.polling.scheduler.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.schedule.SchedulerStatsStore;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.kafka.TopicCursor;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.RedisCallback;

/** Scheduling rounds against real Redis and Kafka (seed 003 scenarios). */
class SchedulingLoopIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static SchedulerTestApp app;
  static PollingQueueManager queues;
  static SchedulingLoop loop;
  final PayloadCodec codec = new PayloadCodec();

  @BeforeAll
  static void start() {
    // No hold-back: the topics here have no handlers, their lag only grows (BackpressureIT).
    app =
        SchedulerTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.scheduler.backpressure.max-consumer-lag",
                Long.MAX_VALUE,
                "cmp.polling.scheduler.backpressure.max-lag-age",
                "1d"));
    queues = app.bean(PollingQueueManager.class);
    loop = app.bean(SchedulingLoop.class);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void emptyQueues() {
    redis.flush();
  }

  @Test
  void round_with500DueCards_publishes500Tasks_andRecordsTheCount() {
    TopicCursor topic = kafka.cursorAtEnd(Topics.TASK_REALNAME_NAME);
    queues.requeueAll(due(TaskType.REALNAME, 1, 500));

    RoundCounts counts = loop.runRound();

    assertThat(counts.of(TaskType.REALNAME).scheduled()).isEqualTo(500);
    List<CheckTask> tasks = read(topic, 500);
    assertThat(tasks).hasSize(500);
    assertThat(tasks).extracting(CheckTask::cardId).doesNotHaveDuplicates();
    assertThat(tasks)
        .allSatisfy(
            t -> {
              assertThat(t.taskType()).isEqualTo(TaskType.REALNAME);
              assertThat(t.manual()).isFalse();
              assertThat(t.enqueuedAt()).isAfterOrEqualTo(t.dueAt());
              // The lease its card holds, exactly as the queue scores it.
              assertThat(scoreOf(t.cardId(), TaskType.REALNAME))
                  .isEqualTo(t.leaseUntil().toEpochMilli() / 1000.0);
            });
    var stats = app.bean(SchedulerStatsStore.class).read(TaskType.REALNAME);
    assertThat(stats)
        .containsEntry("last_schedule_count", "500")
        .containsEntry("total_scheduled", "500");
    assertThat(stats.get("last_schedule_at")).isNotBlank();
    // Leased, not removed: the cards wait for their handlers' completion.
    assertThat(queues.getTotalQueueDepth(TaskType.REALNAME)).isEqualTo(500);
    assertThat(queues.getOverdueCount(TaskType.REALNAME, Instant.now())).isZero();
  }

  @Test
  void tenManualCards_goToTheManualTopic_andTheScheduledOnesToTheRegularTopic() {
    TopicCursor regular = kafka.cursorAtEnd(Topics.TASK_CARDDATA_NAME);
    TopicCursor manual = kafka.cursorAtEnd(Topics.MANUAL_CARDDATA_NAME);
    queues.requeueAll(due(TaskType.CARDDATA, 1, 50));
    for (long card = 1001; card <= 1010; card++) {
      queues.manualTriggers().enqueue(card, TaskType.CARDDATA);
    }

    RoundCounts counts = loop.runRound();

    assertThat(counts.of(TaskType.CARDDATA).manual()).isEqualTo(10);
    List<CheckTask> manualTasks = read(manual, 10);
    assertThat(manualTasks).hasSize(10);
    assertThat(manualTasks)
        .allSatisfy(
            t -> {
              assertThat(t.manual()).isTrue();
              assertThat(t.leaseUntil()).isNull();
            });
    assertThat(manualTasks)
        .extracting(CheckTask::cardId)
        .containsExactlyInAnyOrder(
            1001L, 1002L, 1003L, 1004L, 1005L, 1006L, 1007L, 1008L, 1009L, 1010L);
    List<CheckTask> scheduled = read(regular, 50);
    assertThat(scheduled).hasSize(50).allSatisfy(t -> assertThat(t.manual()).isFalse());
    // Acknowledged by Kafka: the triggers are gone, not merely leased.
    assertThat(queues.manualTriggers().length(TaskType.CARDDATA)).isZero();
    assertThat(app.bean(SchedulerStatsStore.class).read(TaskType.CARDDATA))
        .containsEntry("total_manual", "10");
  }

  @Test
  void futureCards_stayWhereTheyAre() {
    TopicCursor topic = kafka.cursorAtEnd(Topics.TASK_PACKAGE_NAME);
    List<ScheduledCheck> future = new ArrayList<>();
    for (long card = 1; card <= 20; card++) {
      future.add(new ScheduledCheck(card, TaskType.PACKAGE, Instant.now().plusSeconds(600)));
    }
    queues.requeueAll(future);

    assertThat(loop.runRound().of(TaskType.PACKAGE).scheduled()).isZero();

    assertThat(topic.read(1, Duration.ofSeconds(1))).isEmpty();
  }

  /**
   * The old system's depth key of each type holds its total queued cards as a decimal number, and
   * writing it costs the same Redis commands with ten times the cards.
   */
  @Test
  void queueDepthKeys_holdEachTypesQueuedCards_atACostThatDoesNotGrowWithTheFleet() {
    QueueDepthKeys depthKeys = app.bean(QueueDepthKeys.class);
    queues.requeueAll(due(TaskType.REALNAME, 1, 500));
    queues.requeueAll(due(TaskType.PACKAGE, 1, 20));

    long small = redisCommandsDuring(depthKeys::write);

    var values = redis.template().opsForValue();
    assertThat(values.get("polling:stats:queue_depth:realname")).isEqualTo("500");
    assertThat(values.get("polling:stats:queue_depth:package")).isEqualTo("20");
    assertThat(values.get("polling:stats:queue_depth:carddata")).isEqualTo("0");
    assertThat(values.get("polling:stats:queue_depth:protect")).isEqualTo("0");

    queues.requeueAll(due(TaskType.REALNAME, 501, 5000));
    long large = redisCommandsDuring(depthKeys::write);

    assertThat(values.get("polling:stats:queue_depth:realname")).isEqualTo("5000");
    assertThat(large).as("Redis commands of one write, 5 000 cards against 500").isEqualTo(small);
  }

  /**
   * Commands Redis ran during {@code action}, the INFO asking for them left out. The count is the
   * server's, so a command of anything else running meanwhile (another client of the test JVM's
   * Redis) adds to it but never takes away: the fewest of three runs is the action's own.
   */
  private static long redisCommandsDuring(Runnable action) {
    long fewest = Long.MAX_VALUE;
    for (int run = 0; run < 3; run++) {
      long before = commandsRun();
      action.run();
      fewest = Math.min(fewest, commandsRun() - before);
    }
    return fewest;
  }

  private static long commandsRun() {
    Properties stats =
        redis
            .template()
            .execute((RedisCallback<Properties>) c -> c.serverCommands().info("commandstats"));
    long calls = 0;
    for (String name : stats.stringPropertyNames()) {
      if (name.startsWith("cmdstat_") && !name.equals("cmdstat_info")) {
        String value = stats.getProperty(name);
        calls += Long.parseLong(value.substring(6, value.indexOf(',')));
      }
    }
    return calls;
  }

  /** Cards 16·from … 16·to (all in shard 0), due a second ago. */
  private static List<ScheduledCheck> due(TaskType type, int from, int to) {
    List<ScheduledCheck> checks = new ArrayList<>();
    for (long n = from; n <= to; n++) {
      checks.add(new ScheduledCheck(n * 16, type, Instant.now().minusSeconds(1)));
    }
    return checks;
  }

  private static Double scoreOf(long cardId, TaskType type) {
    return redis
        .template()
        .opsForZSet()
        .score(
            com.cmp.polling.core.redis.RedisKeys.shardQueue(queues.shardOf(cardId), type),
            Long.toString(cardId));
  }

  private List<CheckTask> read(TopicCursor cursor, int count) {
    var topic = Topics.TASK_REALNAME; // every task topic carries CheckTask
    return cursor.read(count, Duration.ofSeconds(20)).stream()
        .map(r -> codec.decode(topic, r.value()))
        .toList();
  }
}
