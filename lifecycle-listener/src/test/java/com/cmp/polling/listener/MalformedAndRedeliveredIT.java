package com.cmp.polling.listener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.kafka.support.KafkaHeaders;

/** Bad input goes to the dead-letter topics and nothing stops; a redelivery changes nothing. */
class MalformedAndRedeliveredIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final Duration WAIT = Duration.ofSeconds(30);
  static ListenerTestApp app;
  static QueueState queues;
  final PayloadCodec codec = new PayloadCodec();

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
  void malformedRawChangeEvent_goesToTheRawDeadLetterTopic_andTheStreamKeepsRunning()
      throws Exception {
    var deadLetters = kafka.cursorAtEnd(Topics.CDC_CARD.deadLetterName());

    send(Topics.CDC_CARD_NAME, "{\"id\":1}", "{\"op\":\"c\",\"after\":{\"id\":\"one\"}}");
    long card = postgres.data().card().insert();

    await().atMost(WAIT).until(() -> queues.taskTypes(card).size() == 3);
    List<ConsumerRecord<String, byte[]>> dead = deadLetters.read(1, WAIT);
    assertThat(dead).hasSize(1);
    assertThat(new String(dead.get(0).value(), StandardCharsets.UTF_8)).contains("\"one\"");
    assertThat(header(dead.get(0), KafkaHeaders.DLT_EXCEPTION_MESSAGE))
        .contains("$.id: integer expected");
  }

  @Test
  void malformedLifecycleEvent_goesToTheLifecycleDeadLetterTopic_andTheConsumerGoesOn()
      throws Exception {
    var deadLetters = kafka.cursorAtEnd(Topics.LIFECYCLE.deadLetterName());

    send(Topics.LIFECYCLE_NAME, "42", "{\"type\":\"card_exploded\",\"cardId\":42}");
    long card = postgres.data().card().insert();

    await().atMost(WAIT).until(() -> queues.taskTypes(card).size() == 3);
    List<ConsumerRecord<String, byte[]>> dead = deadLetters.read(1, WAIT);
    assertThat(dead).hasSize(1);
    assertThat(dead.get(0).key()).isEqualTo("42");
    assertThat(header(dead.get(0), KafkaHeaders.DLT_EXCEPTION_MESSAGE))
        .contains("type: does not have a value in the enumeration");
  }

  @Test
  void redeliveredStatusChange_changesNothingASecondTime() throws Exception {
    long card = postgres.data().card().insert();
    await().atMost(WAIT).until(() -> queues.taskTypes(card).size() == 3);
    LifecycleEvent change =
        LifecycleEvent.statusChanged(card, null, List.of("real_name_status"), Instant.now())
            .withSourcePosition("lsn:" + card);

    publish(change);
    await().atMost(WAIT).until(() -> queues.score(card, TaskType.REALNAME).isBefore(Instant.now()));
    // The check ran meanwhile: the card is due again in an hour.
    Instant nextCheck = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS);
    app.bean(PollingQueueManager.class).requeue(card, TaskType.REALNAME, nextCheck);
    publish(change);
    long marker = postgres.data().card().insert(); // consumed after the redelivery

    await().atMost(WAIT).until(() -> queues.taskTypes(marker).size() == 3);
    assertThat(queues.score(card, TaskType.REALNAME)).isEqualTo(nextCheck);
  }

  @Test
  void redeliveredCreation_leavesTheQueuedCardsTimesAlone() throws Exception {
    long card = postgres.data().card().insert();
    await().atMost(WAIT).until(() -> queues.taskTypes(card).size() == 3);
    Instant first = queues.score(card, TaskType.CARDDATA);

    publish(
        LifecycleEvent.ofCard(
            com.cmp.polling.schemas.lifecycle.LifecycleEventType.CARD_CREATED,
            card,
            null,
            Instant.now()));
    long marker = postgres.data().card().insert();

    await().atMost(WAIT).until(() -> queues.taskTypes(marker).size() == 3);
    assertThat(queues.score(card, TaskType.CARDDATA)).isEqualTo(first);
  }

  private void publish(LifecycleEvent event) throws Exception {
    try (var producer = kafka.producer()) {
      producer
          .send(
              new ProducerRecord<>(
                  Topics.LIFECYCLE_NAME, event.key(), codec.encode(Topics.LIFECYCLE, event)))
          .get();
    }
  }

  private static void send(String topic, String key, String value) throws Exception {
    try (var producer = kafka.producer()) {
      producer.send(new ProducerRecord<>(topic, key, value.getBytes(StandardCharsets.UTF_8))).get();
    }
  }

  private static String header(ConsumerRecord<String, byte[]> record, String name) {
    return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
  }
}
