package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.TopicCursor;
import com.cmp.polling.testsupport.logging.CapturedLogs;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Tasks nobody can use go to the dead-letter topic with the reason; the partition moves on. */
class DeadLettersIT {

  @RegisterExtension static final HandlersTestApp app = HandlersTestApp.withDefaults();

  @Test
  void malformedTasks_goToTheDeadLetterTopic_andTheNextValidTaskIsStillHandled() {
    long card = app.postgres().data().card().insert();
    app.postgres().data().packageOfCard(card).status(1).insert();
    TopicCursor deadLetters = app.kafka().cursorAtEnd(Topics.TASK_REALNAME.deadLetterName());
    try (CapturedLogs logs = CapturedLogs.of(TaskPreparation.class)) {
      // Same key: same partition, so the valid task really comes after the bad ones.
      send("{not json");
      send(
          "{\"cardId\":5,\"taskType\":\"billing\",\"dueAt\":\"2026-11-29T10:00:00Z\",\"enqueuedAt\":\"2026-11-29T10:00:00Z\",\"manual\":false}");
      send(
          "{\"taskType\":\"realname\",\"dueAt\":\"2026-11-29T10:00:00Z\",\"enqueuedAt\":\"2026-11-29T10:00:00Z\",\"manual\":false}");
      send(
          "{\"cardId\":5,\"taskType\":\"carddata\",\"dueAt\":\"2026-11-29T10:00:00Z\",\"enqueuedAt\":\"2026-11-29T10:00:00Z\",\"manual\":false}");

      app.dispatch(card, TaskType.REALNAME);

      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> app.queues().nextCheckIn(card, TaskType.REALNAME, Duration.ofDays(1)));
      // One line per dead-lettered task, naming it and the reason; no stack trace.
      assertThat(logs.messages(Level.WARN))
          .hasSize(4)
          .allMatch(
              line ->
                  line.startsWith(Topics.TASK_REALNAME_NAME + "-0@")
                      && line.contains("dead-letter topic: "));
      assertThat(logs.withStackTraces()).isZero();
    }
    List<ConsumerRecord<String, byte[]>> dead = deadLetters.read(4, Duration.ofSeconds(20));
    assertThat(dead).hasSize(4);
    assertThat(dead)
        .extracting(r -> new String(r.value(), StandardCharsets.UTF_8))
        .startsWith("{not json");
    assertThat(dead)
        .extracting(DeadLettersIT::reason)
        .satisfiesExactly(
            reason -> assertThat(reason).contains("not JSON"),
            reason -> assertThat(reason).contains("$.taskType"),
            reason -> assertThat(reason).contains("cardId"),
            reason -> assertThat(reason).contains("carddata task on the realname topic"));
    assertThat(dead)
        .allSatisfy(
            r ->
                assertThat(header(r, "kafka_dlt-original-topic"))
                    .isEqualTo(Topics.TASK_REALNAME_NAME));
  }

  private static void send(String json) {
    app.send(Topics.TASK_REALNAME_NAME, "k", json.getBytes(StandardCharsets.UTF_8));
  }

  private static String reason(ConsumerRecord<String, byte[]> record) {
    return header(record, "kafka_dlt-exception-message");
  }

  private static String header(ConsumerRecord<String, byte[]> record, String name) {
    var header = record.headers().lastHeader(name);
    return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
  }
}
