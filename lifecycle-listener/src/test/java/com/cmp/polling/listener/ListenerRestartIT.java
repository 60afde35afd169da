package com.cmp.polling.listener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import com.cmp.polling.schemas.lifecycle.LifecycleEventType;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.kafka.TopicCursor;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The listener is stopped, 100 changes are made, it starts again: its replication slot kept the
 * changes and its offsets say where it was, so every change is applied, and none twice. The first
 * start created the slot and recorded that for the queue reconciler; the restart found the slot and
 * recorded nothing (an engine that was down is no gap in the change stream).
 */
class ListenerRestartIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final Duration WAIT = Duration.ofSeconds(60);
  static final String SLOT = ListenerTestApp.uniqueSlot();
  static ListenerTestApp app;

  @AfterAll
  static void stop() {
    if (app != null) {
      app.close();
    }
  }

  @Test
  void changesMadeWhileTheListenerIsDown_areAllAppliedAfterItsRestart_andNoneTwice() {
    postgres
        .data()
        .config("it-suspended")
        .condition("suspended")
        .priority(10)
        .intervals(600, null, null, null)
        .insert();
    QueueState queues = new QueueState(redis.template());
    assertThat(redis.template().hasKey(RedisKeys.CDC_SLOT_CREATED)).isFalse();
    app = start();
    String slotCreated = redis.template().opsForValue().get(RedisKeys.CDC_SLOT_CREATED);
    assertThat(slotCreated).isNotNull();
    assertThat(Instant.parse(slotCreated)).isBefore(Instant.now().plusSeconds(1));
    List<Long> cards = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      cards.add(postgres.data().card().insert());
    }
    await()
        .atMost(WAIT)
        .until(() -> cards.stream().allMatch(id -> queues.taskTypes(id).size() == 3));
    app.close();
    app = null;
    TopicCursor lifecycle = kafka.cursorAtEnd(Topics.LIFECYCLE_NAME);
    // The events' order, which the marker below relies on, holds within a partition only.
    assertThat(lifecycle.partitions()).as(Topics.LIFECYCLE_NAME + "'s partitions").hasSize(1);
    assertThat(kafka.cursorAtEnd(Topics.CDC_CARD_NAME).partitions())
        .as(Topics.CDC_CARD_NAME + "'s partitions")
        .hasSize(1);

    List<Long> deleted = cards.subList(0, 40);
    List<Long> disabled = cards.subList(40, 70);
    List<Long> stopped = cards.subList(70, 100);
    deleted.forEach(postgres.data()::softDeleteCard);
    disabled.forEach(
        id ->
            postgres
                .jdbc()
                .sql("UPDATE tb_iot_card SET enable_polling = false WHERE id = ?")
                .param(id)
                .update());
    stopped.forEach(
        id ->
            postgres
                .jdbc()
                .sql(
                    "UPDATE tb_iot_card SET network_status = 0, stop_reason = 'manual' WHERE id = ?")
                .param(id)
                .update());
    app = start();
    assertThat(redis.template().opsForValue().get(RedisKeys.CDC_SLOT_CREATED))
        .isEqualTo(slotCreated);

    await()
        .atMost(WAIT)
        .until(
            () ->
                deleted.stream().allMatch(id -> queues.queuesHolding(id).isEmpty())
                    && disabled.stream().allMatch(id -> queues.queuesHolding(id).isEmpty())
                    && stopped.stream()
                        .allMatch(id -> queues.taskTypes(id).equals(List.of(TaskType.REALNAME))));
    // A card created now: its change comes after every change of the restart in the raw topic, and
    // its event after theirs in the lifecycle topic (one partition each), so once its event is
    // read every event the restart gives is read, a second copy of any change included.
    long marker = postgres.data().card().insert();
    PayloadCodec codec = new PayloadCodec();
    List<LifecycleEvent> events =
        lifecycle
            .readUntil(
                record ->
                    Long.valueOf(marker)
                        .equals(codec.decode(Topics.LIFECYCLE, record.value()).cardId()),
                WAIT)
            .stream()
            .map(record -> codec.decode(Topics.LIFECYCLE, record.value()))
            .toList();
    assertThat(events).hasSize(100);
    Map<LifecycleEventType, Long> byType =
        events.stream().collect(Collectors.groupingBy(LifecycleEvent::type, Collectors.counting()));
    assertThat(byType)
        .containsEntry(LifecycleEventType.CARD_DELETED, 40L)
        .containsEntry(LifecycleEventType.CARD_POLLING_DISABLED, 30L)
        .containsEntry(LifecycleEventType.CARD_STATUS_CHANGED, 30L);
    assertThat(
            events.stream().collect(Collectors.toMap(LifecycleEvent::cardId, Function.identity())))
        .hasSize(100);
  }

  private static ListenerTestApp start() {
    // The slot must outlive the first run: it holds the changes made while the app is down.
    return ListenerTestApp.start(
        postgres,
        redis,
        kafka,
        SLOT,
        Map.of(
            "cmp.polling.listener.cdc.drop-slot-on-stop",
            false,
            "cmp.polling.listener.streams.state-dir",
            System.getProperty("java.io.tmpdir") + "/listener-restart-" + SLOT,
            // The stopped instance's stream thread is dropped from the group after this long.
            "cmp.polling.listener.streams.kafka.[consumer.session.timeout.ms]",
            6000,
            "cmp.polling.listener.streams.kafka.[consumer.heartbeat.interval.ms]",
            1000));
  }
}
