package com.cmp.polling.scheduler.reconcile;

import static com.cmp.polling.schemas.task.TaskType.CARDDATA;
import static com.cmp.polling.schemas.task.TaskType.PACKAGE;
import static com.cmp.polling.schemas.task.TaskType.PROTECT;
import static com.cmp.polling.schemas.task.TaskType.REALNAME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.QueueAudit;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.schemas.Topic;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import com.cmp.polling.schemas.lifecycle.LifecycleEventType;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.status.lag.ConsumerLag;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.PassResult.Outcome;
import com.cmp.polling.status.reconcile.RepairKind;
import com.cmp.polling.status.reconcile.SkipReason;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * The queue reconciler on real servers: each kind of damage repaired within one pass and counted in
 * the metrics, a lease never cut short, a recent change left to the change stream. The app's clock
 * is a settable one, a day ahead of the database's rows, so that a row's own time decides what is
 * recent; every test starts from queues a pass has just made consistent, an hour later than the
 * last test, so that no test's changes are recent for the next.
 */
class ReconcilerIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final Duration SETTLE = Duration.ofMinutes(2);
  static final long CARRIER_WITHOUT_PACKAGE_CHECKS = 7;
  static final SettableClock clock =
      new SettableClock(Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.MILLIS));

  static final List<Long> plain = new ArrayList<>();
  static final List<Long> ofCarrier7 = new ArrayList<>();
  static final List<Long> disabled = new ArrayList<>();
  static final List<List<Long>> devices = new ArrayList<>();
  static final List<Long> deviceIds = new ArrayList<>();
  static SchedulerTestApp app;
  static Reconciler reconciler;
  static PollingQueueManager queues;
  static QueueState state;

  @BeforeAll
  static void start() {
    var data = postgres.data();
    data.config("carrier-7-no-package-checks")
        .carrier(CARRIER_WITHOUT_PACKAGE_CHECKS)
        .priority(10)
        .intervals(3600, 1800, null, null)
        .insert();
    // Stopped cards of other carriers then match no config at all.
    postgres
        .jdbc()
        .sql("UPDATE tb_polling_config SET status = 0 WHERE config_name = 'default-suspended'")
        .update();
    for (int i = 0; i < 40; i++) {
      plain.add(data.card().insert());
    }
    for (int i = 0; i < 4; i++) {
      ofCarrier7.add(data.card().carrier(CARRIER_WITHOUT_PACKAGE_CHECKS, "CUCC").insert());
      disabled.add(data.card().pollingDisabled().insert());
    }
    for (int d = 0; d < 2; d++) {
      long device = data.device().insert();
      deviceIds.add(device);
      List<Long> cards = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        cards.add(data.card().device(device).insert());
      }
      devices.add(cards);
    }
    app =
        SchedulerTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.scheduler.initializer.enabled", true,
                "cmp.polling.scheduler.initializer.pause", "0s",
                "cmp.polling.scheduler.initializer.watch-interval", "500ms",
                "cmp.polling.scheduler.reconciler.pause", "0s",
                "cmp.polling.scheduler.reconciler.page-size", "16"),
            clock);
    reconciler = app.bean(Reconciler.class);
    queues = app.bean(PollingQueueManager.class);
    state = new QueueState(redis.template());
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                app.bean(InitProgressStore.class)
                    .read()
                    .map(InitProgress::completed)
                    .orElse(false));
    // The initializer records its completion a moment before it gives its lock back.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> reconciler.runNow("first pass").outcome() == Outcome.COMPLETED);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void consistentQueues_anHourLater() {
    clock.advance(Duration.ofHours(1));
    assertThat(reconciler.runNow("test setup").outcome()).isEqualTo(Outcome.COMPLETED);
  }

  @Test
  void deletedEntriesOfPolledCards_areAddedBackInOnePass_dueWithinTheirInterval() {
    List<Long> cards = plain.subList(0, 5);
    for (long card : cards) {
      state.remove(card, REALNAME);
      state.remove(card, CARDDATA);
    }
    Counters before = Counters.read();

    PassResult pass = reconciler.runNow("test");

    assertThat(pass.outcome()).isEqualTo(Outcome.COMPLETED);
    assertThat(pass.repairs()).isEqualTo(repairs(10, 0, 0));
    assertThat(Counters.read().minus(before))
        .isEqualTo(new Counters(repairs(10, 0, 0), skips(0, 0, 0)));
    Instant now = clock.instant();
    for (long card : cards) {
      assertThat(state.typesOf(card)).containsExactlyInAnyOrder(REALNAME, CARDDATA, PACKAGE);
      // Spread over each interval as the initializer spreads first checks, not all due now.
      assertThat(at(state.score(card, REALNAME))).isBetween(now, now.plus(Duration.ofDays(1)));
      assertThat(at(state.score(card, CARDDATA))).isBetween(now, now.plus(Duration.ofMinutes(30)));
    }
    assertThat(reconciler.runNow("test again").totalRepairs()).isZero();
  }

  @Test
  void
      strayEntries_ofCardsNotPolled_ofIdsWithoutARow_andInAnotherShardThanTheirCards_areRemovedInOnePass() {
    long pollingOff = plain.get(5);
    long deleted = plain.get(6);
    long noConfig = plain.get(7);
    List<Long> ofDeviceOff = devices.get(0);
    List<Long> involved = new ArrayList<>(List.of(pollingOff, deleted, noConfig));
    involved.addAll(ofDeviceOff);
    involved.forEach(card -> state.reschedule(card, clock.instant().plus(Duration.ofHours(2))));
    Instant longAgo = clock.instant().minus(Duration.ofHours(1));
    update(
        "UPDATE tb_iot_card SET enable_polling = false, updated_at = ? WHERE id = ?",
        longAgo,
        pollingOff);
    update(
        "UPDATE tb_iot_card SET deleted_at = ?, updated_at = ? WHERE id = ?",
        longAgo,
        longAgo,
        deleted);
    update(
        "UPDATE tb_iot_card SET network_status = 0, stop_reason = 'manual', updated_at = ?"
            + " WHERE id = ?",
        longAgo,
        noConfig);
    update(
        "UPDATE tb_device SET enable_polling = false, updated_at = ? WHERE id = ?",
        longAgo,
        deviceIds.get(0));
    state.put(9_000_001, REALNAME, clock.instant().minusSeconds(10));
    state.put(9_000_001, PACKAGE, clock.instant().minusSeconds(10));
    state.put(9_000_017, CARDDATA, clock.instant().plus(Duration.ofDays(1)));
    // A polled card's id in another shard's queue as well as in its own; another's entry moved
    // to another shard, its own shard left without it.
    long alsoElsewhere = plain.get(14);
    long movedAway = plain.get(15);
    Double ownScore = state.score(alsoElsewhere, REALNAME);
    assertThat(ownScore).isNotNull();
    state.putInShard(
        alsoElsewhere,
        QueueState.anotherShardThan(alsoElsewhere),
        REALNAME,
        clock.instant().plus(Duration.ofHours(2)));
    state.remove(movedAway, CARDDATA);
    state.putInShard(
        movedAway,
        QueueState.anotherShardThan(movedAway),
        CARDDATA,
        clock.instant().minusSeconds(10));
    Counters before = Counters.read();

    PassResult pass = reconciler.runNow("test");

    // 21 entries of cards not polled or without a row, 2 in a wrong shard; 1 added to its own.
    assertThat(pass.repairs()).isEqualTo(repairs(1, 3 + 3 + 3 + 9 + 3 + 2, 0));
    assertThat(Counters.read().minus(before).repairs()).isEqualTo(repairs(1, 23, 0));
    assertThat(
            state.scoreInShard(alsoElsewhere, QueueState.anotherShardThan(alsoElsewhere), REALNAME))
        .isNull();
    assertThat(state.score(alsoElsewhere, REALNAME)).isEqualTo(ownScore);
    assertThat(state.scoreInShard(movedAway, QueueState.anotherShardThan(movedAway), CARDDATA))
        .isNull();
    assertThat(state.typesOf(movedAway)).containsExactlyInAnyOrder(REALNAME, CARDDATA, PACKAGE);
    for (long card : involved) {
      assertThat(state.typesOf(card)).isEmpty();
    }
    assertThat(state.typesOf(9_000_001)).isEmpty();
    assertThat(state.typesOf(9_000_017)).isEmpty();
    assertThat(state.typesOf(plain.get(20))).containsExactlyInAnyOrder(REALNAME, CARDDATA, PACKAGE);
  }

  @Test
  void
      aCardUnderTaskTypesItsConfigDoesNotHave_isPutUnderItsOwn_butItsProtectEntryIsLeftToTheProtectCheck() {
    long card = ofCarrier7.get(0);
    assertThat(state.typesOf(card)).containsExactlyInAnyOrder(REALNAME, CARDDATA);
    state.remove(card, REALNAME);
    state.put(card, PACKAGE, clock.instant().plus(Duration.ofHours(2)));
    long protectedOnce = plain.get(8);
    state.put(protectedOnce, PROTECT, clock.instant().minusSeconds(5));
    Counters before = Counters.read();

    PassResult pass = reconciler.runNow("test");

    assertThat(pass.repairs()).isEqualTo(repairs(1, 0, 1));
    assertThat(Counters.read().minus(before).repairs()).isEqualTo(repairs(1, 0, 1));
    assertThat(state.typesOf(card)).containsExactlyInAnyOrder(REALNAME, CARDDATA);
    assertThat(state.typesOf(protectedOnce)).contains(PROTECT);
    state.remove(protectedOnce, PROTECT);
  }

  /**
   * What a dead-lettered lifecycle event leaves behind: PostgreSQL changed, the queues not. The
   * lifecycle listener is another module and does not run here; its part is played as it is
   * configured there (lifecycle-listener {@code ConsumerConfiguration}): its consumer group takes
   * the event, spring-kafka's {@link DeadLetterPublishingRecoverer} writes it to {@code
   * polling.lifecycle-dlt} with the failure in its headers, and the group commits past it. The pass
   * reads nothing of the dead-letter topic: it repairs the queues from PostgreSQL alone, and the
   * event being consumed (no lag) is what lets it act without waiting.
   */
  @Test
  void aCardEnabledInPostgres_whoseLifecycleEventWasDeadLettered_isQueuedByOnePassFromPostgres()
      throws Exception {
    long card = disabled.get(0);
    assertThat(state.typesOf(card)).isEmpty();
    Instant enabledAt = clock.instant().minus(Duration.ofMinutes(10));
    update(
        "UPDATE tb_iot_card SET enable_polling = true, updated_at = ? WHERE id = ?",
        enabledAt,
        card);
    byte[] event =
        new PayloadCodec()
            .encode(
                Topics.LIFECYCLE,
                LifecycleEvent.ofCard(
                    LifecycleEventType.CARD_POLLING_ENABLED, card, null, enabledAt));
    try (KafkaProducer<String, byte[]> producer = kafka.producer()) {
      producer
          .send(new ProducerRecord<>(Topics.LIFECYCLE.name(), Long.toString(card), event))
          .get();
    }
    ConsumerRecord<String, byte[]> taken =
        consumeLifecycleTopicAsTheListener().stream()
            .filter(r -> r.key().equals(Long.toString(card)))
            .findFirst()
            .orElseThrow();
    deadLetterAsTheListener(
        taken, new IllegalStateException("applying the lifecycle event failed: Redis unavailable"));

    String deadLetters = Topics.LIFECYCLE.deadLetterName();
    ConsumerRecord<String, byte[]> dead =
        kafka.readFromBeginning(deadLetters, 1, Duration.ofSeconds(10)).get(0);
    assertThat(dead.key()).isEqualTo(Long.toString(card));
    assertThat(dead.value()).isEqualTo(event);
    assertThat(header(dead, KafkaHeaders.DLT_ORIGINAL_TOPIC)).isEqualTo(Topics.LIFECYCLE.name());
    assertThat(
            ByteBuffer.wrap(dead.headers().lastHeader(KafkaHeaders.DLT_ORIGINAL_OFFSET).value())
                .getLong())
        .isEqualTo(taken.offset());
    assertThat(header(dead, KafkaHeaders.DLT_EXCEPTION_MESSAGE)).contains("Redis unavailable");
    assertThat(state.typesOf(card)).isEmpty();
    Counters before = Counters.read();

    PassResult pass = reconciler.runNow("test");

    assertThat(pass.settle()).isEqualTo(SETTLE);
    assertThat(pass.repairs()).isEqualTo(repairs(3, 0, 0));
    assertThat(Counters.read().minus(before).repairs()).isEqualTo(repairs(3, 0, 0));
    assertThat(state.typesOf(card)).containsExactlyInAnyOrder(REALNAME, CARDDATA, PACKAGE);
  }

  /**
   * The lifecycle listener's recoverer: any partition of {@code <topic>-dlt}, reason in headers.
   */
  private static void deadLetterAsTheListener(
      ConsumerRecord<String, byte[]> record, Exception failure) {
    DefaultKafkaProducerFactory<String, byte[]> producers =
        new DefaultKafkaProducerFactory<>(
            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
            new StringSerializer(),
            new ByteArraySerializer());
    try {
      new DeadLetterPublishingRecoverer(
              new KafkaTemplate<>(producers),
              (failed, error) -> new TopicPartition(failed.topic() + Topic.DEAD_LETTER_SUFFIX, -1))
          .accept(record, failure);
    } finally {
      producers.destroy();
    }
  }

  @Test
  void aLeasedEntry_isLeftAlone_evenOfACardThatShouldNotBeQueued() {
    long card = plain.get(9);
    state.reschedule(card, clock.instant().plus(Duration.ofHours(2)));
    state.put(card, REALNAME, clock.instant().minus(Duration.ofDays(2)));
    List<CardEntry> leased = queues.dequeueReady(queues.shardOf(card), REALNAME, 1);
    assertThat(leased).extracting(CardEntry::cardId).containsExactly(card);
    update(
        "UPDATE tb_iot_card SET enable_polling = false, updated_at = ? WHERE id = ?",
        clock.instant().minus(Duration.ofHours(1)),
        card);
    Counters before = Counters.read();

    PassResult pass = reconciler.runNow("test");

    assertThat(pass.repairs()).isEqualTo(repairs(0, 2, 0));
    assertThat(pass.skipped()).isEqualTo(skips(0, 1, 0));
    assertThat(Counters.read().minus(before))
        .isEqualTo(new Counters(repairs(0, 2, 0), skips(0, 1, 0)));
    assertThat(state.typesOf(card)).containsExactly(REALNAME);
    assertThat(at(state.score(card, REALNAME))).isEqualTo(leased.get(0).leaseUntil());
  }

  @Test
  void aCardOrDeviceChangedWithinTheSettleWindow_isLeftToTheChangeStream_untilTheWindowPassed() {
    long card = plain.get(10);
    List<Long> ofDevice = devices.get(1);
    state.reschedule(card, clock.instant().plus(Duration.ofHours(2)));
    ofDevice.forEach(c -> state.reschedule(c, clock.instant().plus(Duration.ofHours(2))));
    update(
        "UPDATE tb_iot_card SET enable_polling = false, updated_at = ? WHERE id = ?",
        clock.instant(),
        card);
    update(
        "UPDATE tb_device SET enable_polling = false, updated_at = ? WHERE id = ?",
        clock.instant(),
        deviceIds.get(1));
    Counters before = Counters.read();

    PassResult within = reconciler.runNow("test");

    assertThat(within.repairs()).isEqualTo(repairs(0, 0, 0));
    assertThat(within.skipped()).isEqualTo(skips(12, 0, 0));
    assertThat(state.typesOf(card)).hasSize(3);

    clock.advance(SETTLE.plusSeconds(1));
    PassResult after = reconciler.runNow("test");

    assertThat(after.repairs()).isEqualTo(repairs(0, 12, 0));
    assertThat(Counters.read().minus(before))
        .isEqualTo(new Counters(repairs(0, 12, 0), skips(12, 0, 0)));
    assertThat(state.typesOf(card)).isEmpty();
    ofDevice.forEach(c -> assertThat(state.typesOf(c)).isEmpty());
  }

  @Test
  void aCardRewrittenMoreOftenThanTheWindow_isRepairedOnceTheSameDifferenceHeldAWindowLong() {
    long rewritten = plain.get(11);
    long newlyDifferent = plain.get(12);
    state.reschedule(rewritten, clock.instant().plus(Duration.ofHours(2)));
    state.reschedule(newlyDifferent, clock.instant().plus(Duration.ofHours(2)));
    update(
        "UPDATE tb_iot_card SET enable_polling = false, updated_at = ? WHERE id = ?",
        clock.instant(),
        rewritten);

    assertThat(reconciler.runNow("test").skipped()).isEqualTo(skips(3, 0, 0));

    clock.advance(SETTLE.plusSeconds(1));
    // A usage check rewrites the row (and its updated_at) again; another card changes now.
    update("UPDATE tb_iot_card SET updated_at = ? WHERE id = ?", clock.instant(), rewritten);
    update(
        "UPDATE tb_iot_card SET enable_polling = false, updated_at = ? WHERE id = ?",
        clock.instant(),
        newlyDifferent);
    PassResult second = reconciler.runNow("test");

    assertThat(second.repairs()).isEqualTo(repairs(0, 3, 0));
    assertThat(second.skipped()).isEqualTo(skips(3, 0, 0));
    assertThat(state.typesOf(rewritten)).isEmpty();
    assertThat(state.typesOf(newlyDifferent)).hasSize(3);
  }

  @Test
  void aConfigMoveThePassWasNotToldOf_isNotUndone_butLeftToTheChangeStreamForAWindow() {
    long reenrolled = ofCarrier7.get(1);
    long notYet = ofCarrier7.get(2);
    PollingConfigManager configs = app.bean(PollingConfigManager.class);
    ChangeTimes changes = new ChangeTimes(postgres.jdbc());
    SettleWindow settle =
        new SettleWindow(
            app.bean(ConsumerLag.class), changes, SETTLE, "cmp-lifecycle-topology", clock);
    CardRepairs repairs =
        new CardRepairs(
            app.bean(CardStore.class),
            changes,
            configs,
            app.bean(CardPlanner.class),
            app.bean(QueueAudit.class),
            settle,
            new Suspicions(),
            farFuture(configs),
            app.bean(ReconcilerMetrics.class),
            clock);
    // A pass began with the configs as they were...
    settle.beginPass();
    configs.refreshNow();
    try {
      // ...then carrier 7's config moves from realname to package checks, unannounced, and the
      // change stream has re-enrolled one of its cards so far.
      update(
          "UPDATE tb_polling_config SET realname_check_interval = NULL,"
              + " package_check_interval = 7200, updated_at = ? WHERE config_name = ?",
          clock.instant(),
          "carrier-7-no-package-checks");
      state.remove(reenrolled, REALNAME);
      state.put(reenrolled, PACKAGE, clock.instant().plus(Duration.ofHours(1)));
      PassTally tally = new PassTally("test", clock.instant(), SETTLE);

      repairs.confirm(List.of(reenrolled, notYet), tally);

      PassResult within = tally.result(Outcome.COMPLETED, null, clock.instant());
      assertThat(within.repairs()).isEqualTo(repairs(0, 0, 0));
      assertThat(within.skipped()).isEqualTo(skips(2, 0, 0));
      assertThat(state.typesOf(reenrolled)).containsExactlyInAnyOrder(CARDDATA, PACKAGE);
      assertThat(state.typesOf(notYet)).containsExactlyInAnyOrder(REALNAME, CARDDATA);

      clock.advance(SETTLE.plusSeconds(1));
      PassResult after = reconciler.runNow("test");

      // The carrier's three other cards moved by the reconciler; the re-enrolled one left as is.
      assertThat(after.repairs()).isEqualTo(repairs(3, 0, 3));
      for (long card : ofCarrier7) {
        assertThat(state.typesOf(card)).containsExactlyInAnyOrder(CARDDATA, PACKAGE);
      }
    } finally {
      update(
          "UPDATE tb_polling_config SET realname_check_interval = 3600,"
              + " package_check_interval = NULL, updated_at = ? WHERE config_name = ?",
          clock.instant(),
          "carrier-7-no-package-checks");
      // The configs reloaded now, and the window of that change over before the next test.
      configs.refreshNow();
      clock.advance(SETTLE.plusSeconds(1));
    }
  }

  @Test
  void whileTheChangeStreamLags_cardsChangedWithinItsLag_areLeftAlone() throws Exception {
    long card = plain.get(13);
    state.reschedule(card, clock.instant().plus(Duration.ofHours(2)));
    // Older than the 2-minute minimum, younger than the lag below.
    update(
        "UPDATE tb_iot_card SET enable_polling = false, updated_at = ? WHERE id = ?",
        clock.instant().minus(Duration.ofMinutes(30)),
        card);
    // A lifecycle event the listener has not consumed: written now, an hour or more ago by the
    // app's clock.
    try (KafkaProducer<String, byte[]> producer = kafka.producer()) {
      byte[] event =
          new PayloadCodec()
              .encode(
                  Topics.LIFECYCLE,
                  LifecycleEvent.ofCard(
                      LifecycleEventType.CARD_DELETED, 999_999, null, Instant.now()));
      producer.send(new ProducerRecord<>(Topics.LIFECYCLE.name(), "999999", event)).get();
    }

    PassResult lagging;
    try {
      lagging = reconciler.runNow("test");
    } finally {
      consumeLifecycleTopicAsTheListener();
    }

    assertThat(lagging.settle()).isGreaterThanOrEqualTo(Duration.ofHours(1));
    assertThat(lagging.skipped()).isEqualTo(skips(3, 0, 0));
    assertThat(state.typesOf(card)).hasSize(3);

    PassResult caughtUp = reconciler.runNow("test");

    assertThat(caughtUp.settle()).isEqualTo(SETTLE);
    assertThat(caughtUp.repairs()).isEqualTo(repairs(0, 3, 0));
    assertThat(state.typesOf(card)).isEmpty();
  }

  /**
   * The listener's group commits past everything in {@code polling.lifecycle}; returns what it
   * took.
   */
  private static List<ConsumerRecord<String, byte[]>> consumeLifecycleTopicAsTheListener() {
    try (KafkaConsumer<String, byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                Topics.LIFECYCLE_GROUP,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class))) {
      consumer.subscribe(List.of(Topics.LIFECYCLE.name()));
      List<ConsumerRecord<String, byte[]>> taken = new ArrayList<>();
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () -> {
                consumer.poll(Duration.ofMillis(200)).forEach(taken::add);
                return !taken.isEmpty();
              });
      consumer.commitSync();
      return taken;
    }
  }

  private static void update(String sql, Object... params) {
    Object[] values = new Object[params.length];
    for (int i = 0; i < params.length; i++) {
      values[i] = params[i] instanceof Instant instant ? Timestamp.from(instant) : params[i];
    }
    assertThat(postgres.jdbc().sql(sql).params(values).update()).isEqualTo(1);
  }

  private static Instant at(Double score) {
    return Instant.ofEpochMilli(Math.round(score * 1000));
  }

  private static String header(ConsumerRecord<String, byte[]> record, String name) {
    return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
  }

  static Map<RepairKind, Long> repairs(long missing, long stray, long wrongType) {
    return repairs(missing, stray, wrongType, 0);
  }

  static Map<RepairKind, Long> repairs(long missing, long stray, long wrongType, long farFuture) {
    Map<RepairKind, Long> counts = new EnumMap<>(RepairKind.class);
    counts.put(RepairKind.MISSING, missing);
    counts.put(RepairKind.STRAY, stray);
    counts.put(RepairKind.WRONG_TYPE, wrongType);
    counts.put(RepairKind.FAR_FUTURE, farFuture);
    return counts;
  }

  /** The far-future horizon as a pass of the app would set it, set now. */
  private static FarFuture farFuture(PollingConfigManager configs) {
    FarFuture farFuture = new FarFuture(configs, Duration.ofMinutes(5), Duration.ZERO, clock);
    farFuture.beginPass();
    return farFuture;
  }

  static Map<SkipReason, Long> skips(long recent, long leased, long changed) {
    Map<SkipReason, Long> counts = new EnumMap<>(SkipReason.class);
    counts.put(SkipReason.RECENT, recent);
    counts.put(SkipReason.LEASED, leased);
    counts.put(SkipReason.CHANGED, changed);
    return counts;
  }

  /** The reconciler's counters in the app's meter registry. */
  record Counters(Map<RepairKind, Long> repairs, Map<SkipReason, Long> skipped) {

    static Counters read() {
      MeterRegistry registry = app.bean(MeterRegistry.class);
      Map<RepairKind, Long> repairs = new EnumMap<>(RepairKind.class);
      for (RepairKind kind : RepairKind.values()) {
        repairs.put(
            kind,
            (long)
                registry
                    .get("polling.reconciler.repairs")
                    .tag("kind", kind.code())
                    .counter()
                    .count());
      }
      Map<SkipReason, Long> skipped = new EnumMap<>(SkipReason.class);
      for (SkipReason reason : SkipReason.values()) {
        skipped.put(
            reason,
            (long)
                registry
                    .get("polling.reconciler.skipped")
                    .tag("reason", reason.code())
                    .counter()
                    .count());
      }
      return new Counters(repairs, skipped);
    }

    Counters minus(Counters earlier) {
      Map<RepairKind, Long> repairs = new EnumMap<>(RepairKind.class);
      this.repairs.forEach((kind, n) -> repairs.put(kind, n - earlier.repairs.get(kind)));
      Map<SkipReason, Long> skipped = new EnumMap<>(SkipReason.class);
      this.skipped.forEach((reason, n) -> skipped.put(reason, n - earlier.skipped.get(reason)));
      return new Counters(repairs, skipped);
    }
  }
}
