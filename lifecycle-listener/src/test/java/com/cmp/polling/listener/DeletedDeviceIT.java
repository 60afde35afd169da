package com.cmp.polling.listener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A soft-deleted device allows no polling, through the whole change stream: its cards leave the
 * queues (never to be stopped for lacking packages of their own) until they move to a live device
 * or out of any device, and a restored device brings its cards back.
 */
class DeletedDeviceIT {

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
  void deviceSoftDeleted_takesItsCardsOutOfEveryQueue() {
    long device = postgres.data().device().insert();
    List<Long> cards =
        List.of(
            postgres.data().card().device(device).insert(),
            postgres.data().card().device(device).insert());
    awaitQueued(cards);

    postgres.data().softDeleteDevice(device);

    await().atMost(WAIT).until(() -> cards.stream().allMatch(this::inNoQueue));
  }

  @Test
  void cardsMovedFromADeletedDevice_toALiveDevice_orOutOfAnyDevice_arePolledAgain() {
    long deleted = postgres.data().device().insert();
    long live = postgres.data().device().insert();
    long toLive = postgres.data().card().device(deleted).insert();
    long toNone = postgres.data().card().device(deleted).insert();
    long stays = postgres.data().card().device(deleted).insert();
    awaitQueued(List.of(toLive, toNone, stays));
    postgres.data().softDeleteDevice(deleted);
    await().atMost(WAIT).until(() -> inNoQueue(toLive) && inNoQueue(toNone) && inNoQueue(stays));

    moveTo(toLive, live);
    moveTo(toNone, null);

    awaitQueued(List.of(toLive, toNone));
    // A status change of the card left behind (a later change, same partition) keeps it out.
    postgres.jdbc().sql("UPDATE tb_iot_card SET carrier_id = 2 WHERE id = ?").param(stays).update();
    long marker = postgres.data().card().insert();
    awaitQueued(List.of(marker));
    assertThat(inNoQueue(stays)).isTrue();
  }

  @Test
  void cardAddedToADeletedDevice_isNotPolled_andTheDevicesRestore_bringsItsCardsBack() {
    long device = postgres.data().device().insert();
    long before = postgres.data().card().device(device).insert();
    awaitQueued(List.of(before));
    postgres.data().softDeleteDevice(device);
    await().atMost(WAIT).until(() -> inNoQueue(before));

    long added = postgres.data().card().device(device).insert();
    long marker = postgres.data().card().insert(); // committed after it, on the same stream
    awaitQueued(List.of(marker));
    assertThat(inNoQueue(added)).isTrue();

    postgres
        .jdbc()
        .sql("UPDATE tb_device SET deleted_at = NULL WHERE id = ?")
        .param(device)
        .update();

    awaitQueued(List.of(before, added));
  }

  private static void awaitQueued(List<Long> cards) {
    // default-activated: realname, carddata and package.
    await().atMost(WAIT).until(() -> cards.stream().allMatch(c -> queues.taskTypes(c).size() == 3));
  }

  private boolean inNoQueue(long card) {
    return queues.queuesHolding(card).isEmpty();
  }

  private static void moveTo(long card, Long device) {
    postgres
        .jdbc()
        .sql("UPDATE tb_iot_card SET device_id = ? WHERE id = ?")
        .params(device, card)
        .update();
  }
}
