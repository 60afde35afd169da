package com.cmp.polling.listener.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import com.cmp.polling.listener.ListenerTestApp;
import com.cmp.polling.listener.QueueState;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.logging.CapturedLogs;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.listener.KafkaMessageListenerContainer;

/**
 * A burst of malformed lifecycle events: each one dead-lettered with one WARN line naming it and
 * the reason, no stack trace anywhere, and the events after them applied.
 */
class MalformedEventsLogIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final Duration WAIT = Duration.ofSeconds(30);
  static ListenerTestApp app;
  static QueueState queues;

  @BeforeAll
  static void start() {
    app = ListenerTestApp.start(postgres, redis, kafka, Map.of());
    queues = new QueueState(redis.template());
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void twentyFiveMalformedEvents_areDeadLettered_withOneWarnLineEach_andNoStackTrace()
      throws Exception {
    var deadLetters = kafka.cursorAtEnd(Topics.LIFECYCLE.deadLetterName());

    try (CapturedLogs applier = CapturedLogs.of(LifecycleEventApplier.class);
        CapturedLogs retries = CapturedLogs.of(FailedEventLog.class);
        CapturedLogs container = CapturedLogs.of(KafkaMessageListenerContainer.class);
        CapturedLogs handler = CapturedLogs.of(DefaultErrorHandler.class)) {
      try (var producer = kafka.producer()) {
        for (int i = 0; i < 25; i++) {
          String value = i % 2 == 0 ? "garbage " + i : "{\"type\":\"card_exploded\"}";
          producer.send(
              new ProducerRecord<>(
                  Topics.LIFECYCLE_NAME, "k" + i, value.getBytes(StandardCharsets.UTF_8)));
        }
      }
      long after = postgres.data().card().insert(); // its event comes after the 25

      await().atMost(WAIT).until(() -> queues.taskTypes(after).size() == 3);
      assertThat(deadLetters.read(25, WAIT)).hasSize(25);
      List<String> warnings = applier.messages(Level.WARN);
      assertThat(warnings).hasSize(25);
      assertThat(warnings)
          .allMatch(line -> line.matches("lifecycle event polling\\.lifecycle-0@\\d+ sent to .*"))
          .anyMatch(line -> line.contains(": $: not JSON (Unrecognized token 'garbage'"))
          .anyMatch(line -> line.contains(": $.type: does not have a value in the enumeration"));
      assertThat(retries.messages(Level.WARN)).as("nothing retried").isEmpty();
      assertThat(container.messages(Level.ERROR)).isEmpty();
      assertThat(
              applier.withStackTraces()
                  + retries.withStackTraces()
                  + container.withStackTraces()
                  + handler.withStackTraces())
          .isZero();
    }
  }
}
