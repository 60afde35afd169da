package com.cmp.polling.scheduler.reconcile;

import static com.cmp.polling.schemas.task.TaskType.CARDDATA;
import static com.cmp.polling.schemas.task.TaskType.PACKAGE;
import static com.cmp.polling.schemas.task.TaskType.REALNAME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.ConfigChanges;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.config.PollingConfigStore;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.lifecycle.ConfigReenrollment;
import com.cmp.polling.core.lifecycle.ReenrollmentRecord;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.status.reconcile.PassKind;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.PassResult.Outcome;
import com.cmp.polling.status.reconcile.RepairKind;
import com.cmp.polling.status.reconcile.SkipReason;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The periodic pass on real servers, with no lifecycle listener running: a change made by plain SQL
 * (no timestamp, nobody told) is repaired by the next periodic pass through the change marker,
 * which reads the changed rows only; a change whose transaction commits late is compared once it
 * commits; damage no change shows is found by the sweep within its period, a leased-looking entry
 * in another shard included; and the pass after a Redis loss, a change-stream gap, a restored
 * database or a config change the listener's re-enrollment did not carry is a full one. The app's
 * clock is a settable one, a day ahead of the rows (their timestamps never count as recent); the
 * sweep's period is an hour against the default 5-minute interval, so a round takes twelve passes.
 * Every test starts right after a full pass, an hour later than the last test.
 */
class IncrementalReconcileIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final Duration INTERVAL = Duration.ofMinutes(5);
  static final Duration SWEEP_PERIOD = Duration.ofHours(1);
  static final String SLOT = "reconcile_it_" + ThreadLocalRandom.current().nextInt(1_000_000);
  static final SettableClock clock =
      new SettableClock(Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.MILLIS));

  static final List<Long> cards = new ArrayList<>();
  static final List<Long> disabled = new ArrayList<>();
  static final List<Long> deviceCards = new ArrayList<>();
  static long device;
  static long deleted;
  static SchedulerTestApp app;
  static Reconciler reconciler;
  static QueueState state;

  @BeforeAll
  static void start() {
    var data = postgres.data();
    for (int i = 0; i < 60; i++) {
      cards.add(data.card().insert());
    }
    device = data.device().insert();
    for (int i = 0; i < 3; i++) {
      deviceCards.add(data.card().device(device).insert());
    }
    for (int i = 0; i < 3; i++) {
      disabled.add(data.card().pollingDisabled().insert());
    }
    deleted = data.card().insert();
    data.softDeleteCard(deleted);
    cards.add(data.card().insert());
    app =
        SchedulerTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.scheduler.initializer.enabled",
                true,
                "cmp.polling.scheduler.initializer.pause",
                "0s",
                "cmp.polling.scheduler.initializer.watch-interval",
                "500ms",
                "cmp.polling.scheduler.reconciler.pause",
                "0s",
                "cmp.polling.scheduler.reconciler.page-size",
                "16",
                "cmp.polling.scheduler.reconciler.interval",
                INTERVAL.toString(),
                "cmp.polling.scheduler.reconciler.sweep-period",
                SWEEP_PERIOD.toString(),
                "cmp.polling.scheduler.reconciler.cdc-slot",
                SLOT),
            clock);
    reconciler = app.bean(Reconciler.class);
    state = new QueueState(redis.template());
    awaitQueuesBuilt();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void rightAfterAFullPass_anHourLater() {
    clock.advance(Duration.ofHours(1));
    PassResult full = reconciler.runNow("test setup");
    assertThat(full.outcome()).isEqualTo(Outcome.COMPLETED);
    assertThat(full.scope().kind()).isEqualTo(PassKind.FULL);
  }

  @Test
  void aCardChangedByPlainSql_whileNoListenerRuns_isRepairedByTheNextPeriodicPass_notAFullOne() {
    long changed = cards.get(10);
    // Damage no change shows, at the far end of the id range: the first sweep slice is far off.
    long untouched = cards.get(cards.size() - 1);
    state.remove(untouched, CARDDATA);
    sql("UPDATE tb_iot_card SET enable_polling = false WHERE id = ?", changed);
    double comparedBefore = counter("polling.reconciler.cards_compared", "changes");
    double passesBefore = counter("polling.reconciler.passes", "changes");

    PassResult pass = reconciler.runPeriodicNow("test");

    assertThat(pass.outcome()).isEqualTo(Outcome.COMPLETED);
    assertThat(pass.scope().kind()).isEqualTo(PassKind.INCREMENTAL);
    assertThat(pass.scope().why()).isNull();
    assertThat(pass.scope().changedCards()).isEqualTo(1);
    assertThat(pass.cardsRead()).isLessThan(10);
    assertThat(pass.repairs()).isEqualTo(ReconcilerIT.repairs(0, 3, 0));
    assertThat(state.typesOf(changed)).isEmpty();
    assertThat(state.typesOf(untouched)).containsExactlyInAnyOrder(REALNAME, PACKAGE);
    assertThat(counter("polling.reconciler.cards_compared", "changes") - comparedBefore)
        .isEqualTo(1);
    assertThat(counter("polling.reconciler.passes", "changes") - passesBefore).isEqualTo(1);
    assertThat(pass.scope().marker()).isEqualTo(changeOf(changed));
    assertThat(reconciler.status().orElseThrow().scope()).isEqualTo(pass.scope());

    PassResult next = reconciler.runPeriodicNow("test again");

    assertThat(next.scope().changedCards()).isZero();
    assertThat(next.totalRepairs()).isZero();
    sql("UPDATE tb_iot_card SET enable_polling = true WHERE id = ?", changed);
    assertThat(reconciler.runPeriodicNow("back").repairs())
        .isEqualTo(ReconcilerIT.repairs(3, 0, 0));
  }

  @Test
  void aDeviceChangedByPlainSql_bringsItsCardsIntoTheNextPeriodicPass() {
    sql("UPDATE tb_device SET enable_polling = false WHERE id = ?", device);

    PassResult pass = reconciler.runPeriodicNow("test");

    assertThat(pass.scope().kind()).isEqualTo(PassKind.INCREMENTAL);
    assertThat(pass.scope().changedCards()).isEqualTo(3);
    assertThat(pass.repairs()).isEqualTo(ReconcilerIT.repairs(0, 9, 0));
    deviceCards.forEach(card -> assertThat(state.typesOf(card)).isEmpty());
    sql("UPDATE tb_device SET enable_polling = true WHERE id = ?", device);
    assertThat(reconciler.runPeriodicNow("back").repairs())
        .isEqualTo(ReconcilerIT.repairs(9, 0, 0));
  }

  /**
   * A change numbered before another but committed after it (sequences are not transactional): the
   * marker must not pass it while its transaction is open, however long that lasts, or it would
   * never be read.
   */
  @Test
  void aChangeWhoseTransactionCommitsLate_isComparedOnceItCommits() throws Exception {
    long late = cards.get(20);
    long early = cards.get(21);
    try (Connection open = postgres.dataSource().getConnection()) {
      open.setAutoCommit(false);
      try (PreparedStatement update =
          open.prepareStatement("UPDATE tb_iot_card SET enable_polling = false WHERE id = ?")) {
        update.setLong(1, late);
        update.executeUpdate();
      }
      sql("UPDATE tb_iot_card SET enable_polling = false WHERE id = ?", early);

      PassResult first = reconciler.runPeriodicNow("test");
      clock.advance(Duration.ofHours(1));
      PassResult second = reconciler.runPeriodicNow("an hour later");

      assertThat(first.repairs()).isEqualTo(ReconcilerIT.repairs(0, 3, 0));
      assertThat(state.typesOf(early)).isEmpty();
      assertThat(state.typesOf(late)).hasSize(3);
      assertThat(second.totalRepairs()).isZero();
      open.commit();
      assertThat(second.scope().marker()).isLessThan(changeOf(late));
    }

    PassResult committed = reconciler.runPeriodicNow("after the commit");

    assertThat(committed.scope().kind()).isEqualTo(PassKind.INCREMENTAL);
    assertThat(committed.repairs()).isEqualTo(ReconcilerIT.repairs(0, 3, 0));
    assertThat(state.typesOf(late)).isEmpty();
    assertThat(committed.scope().marker()).isGreaterThanOrEqualTo(changeOf(early));
    sql("UPDATE tb_iot_card SET enable_polling = true WHERE id = ANY(ARRAY[?, ?])", late, early);
    reconciler.runPeriodicNow("back");
  }

  @Test
  void damageNoChangeShows_andAnEntryLeasedInAnotherShard_areRepairedWithinTheSweepPeriod() {
    long notPolled = disabled.get(0);
    long misplaced = cards.get(30);
    long missing = cards.get(40);
    long farAway = cards.get(50);
    Instant start = clock.instant();
    state.put(notPolled, REALNAME, start.plus(Duration.ofHours(2)));
    state.put(deleted, PACKAGE, start.plus(Duration.ofHours(2)));
    state.put(9_000_001, CARDDATA, start.plus(Duration.ofHours(2)));
    state.remove(missing, CARDDATA);
    state.put(farAway, REALNAME, start.plus(Duration.ofDays(30)));
    int wrongShard = QueueState.anotherShardThan(misplaced);

    // The far-future entry is moved by the first pass, whatever the sweep's position.
    leaseInAnotherShard(misplaced, wrongShard);
    PassResult first = reconciler.runPeriodicNow("sweep 1");
    assertThat(first.repaired(RepairKind.FAR_FUTURE)).isEqualTo(1);
    assertThat(state.score(farAway, REALNAME))
        .isLessThan(clock.instant().plus(Duration.ofDays(1)).getEpochSecond());

    List<PassResult> passes = new ArrayList<>(List.of(first));
    boolean misplacedGone = state.scoreInShard(misplaced, wrongShard, REALNAME) == null;
    while (!clock.instant().isAfter(start.plus(SWEEP_PERIOD))
        && !(misplacedGone
            && state.typesOf(notPolled).isEmpty()
            && state.typesOf(deleted).isEmpty()
            && state.typesOf(9_000_001).isEmpty()
            && state.typesOf(missing).contains(CARDDATA))) {
      clock.advance(INTERVAL);
      if (!misplacedGone) {
        // The scheduler leases a misplaced entry again and again: it always looks leased.
        leaseInAnotherShard(misplaced, wrongShard);
      }
      passes.add(reconciler.runPeriodicNow("sweep " + (passes.size() + 1)));
      misplacedGone = state.scoreInShard(misplaced, wrongShard, REALNAME) == null;
    }

    assertThat(passes).allMatch(p -> p.scope().kind() == PassKind.INCREMENTAL);
    assertThat(passes).allMatch(p -> p.outcome() == Outcome.COMPLETED);
    assertThat(clock.instant()).isBeforeOrEqualTo(start.plus(SWEEP_PERIOD));
    assertThat(state.typesOf(notPolled)).isEmpty();
    assertThat(state.typesOf(deleted)).isEmpty();
    assertThat(state.typesOf(9_000_001)).isEmpty();
    assertThat(state.typesOf(missing)).containsExactlyInAnyOrder(REALNAME, CARDDATA, PACKAGE);
    assertThat(state.scoreInShard(misplaced, wrongShard, REALNAME)).isNull();
    assertThat(state.typesOf(misplaced)).containsExactlyInAnyOrder(REALNAME, CARDDATA, PACKAGE);
    long repaired = passes.stream().mapToLong(PassResult::totalRepairs).sum();
    assertThat(repaired).isEqualTo(6);
    assertThat(passes.stream().mapToLong(p -> p.skipped(SkipReason.LEASED)).sum()).isZero();
    // Each pass read a slice: about a twelfth of the cards, never the whole fleet.
    assertThat(passes).allMatch(p -> p.cardsRead() <= 16);
  }

  @Test
  void theSweep_comparesTheWholeFleetWithinItsPeriod_thenStartsAgain() {
    PassResult pass = reconciler.runPeriodicNow("round");
    Instant roundStart = pass.scope().sweepStartedAt();
    long cardsRead = pass.cardsRead();
    long entries = pass.entriesScanned();
    int passes = 1;
    do {
      clock.advance(INTERVAL);
      pass = reconciler.runPeriodicNow("round");
      cardsRead += pass.cardsRead();
      entries += pass.entriesScanned();
      passes++;
    } while (pass.scope().sweepStartedAt().equals(roundStart) && passes < 20);

    assertThat(passes).isLessThanOrEqualTo((int) (SWEEP_PERIOD.toMinutes() / 5) + 1);
    assertThat(pass.scope().sweepStartedAt()).isAfter(roundStart);
    assertThat(pass.scope().sweepDone()).isZero();
    // Every live card and every queue entry at least once (entries: 3 per polled card).
    assertThat(cardsRead).isGreaterThanOrEqualTo(cards.size());
    assertThat(entries).isGreaterThanOrEqualTo(3L * cards.size());
  }

  @Test
  void thePassAfterRedisLostItsData_isAFullOne() {
    redis.flush();
    awaitQueuesBuilt();

    PassResult pass =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> reconciler.runPeriodicNow("after the loss"),
                p -> p.outcome() == Outcome.COMPLETED);

    assertThat(pass.scope().kind()).isEqualTo(PassKind.FULL);
    assertThat(pass.scope().why()).contains("no reconcile progress");
    assertThat(reconciler.runPeriodicNow("next").scope().kind()).isEqualTo(PassKind.INCREMENTAL);
  }

  @Test
  void thePassAfterTheListenerCreatedItsSlotAnew_isAFullOne_andOnlyThatOne() {
    redis.template().opsForValue().set(RedisKeys.CDC_SLOT_CREATED, clock.instant().toString());

    PassResult pass = reconciler.runPeriodicNow("after the new slot");

    assertThat(pass.scope().kind()).isEqualTo(PassKind.FULL);
    assertThat(pass.scope().why()).contains("created its replication slot anew");
    assertThat(reconciler.runPeriodicNow("next").scope().kind()).isEqualTo(PassKind.INCREMENTAL);
  }

  @Test
  void thePassAfterTheReplicationSlotCameBack_isAFullOne() {
    assertThat(reconciler.runPeriodicNow("slot gone").scope().kind())
        .isEqualTo(PassKind.INCREMENTAL);
    postgres
        .jdbc()
        .sql("SELECT slot_name FROM pg_create_logical_replication_slot(?, 'pgoutput')")
        .param(SLOT)
        .query(String.class)
        .single();
    try {
      PassResult pass = reconciler.runPeriodicNow("slot back");

      assertThat(pass.scope().kind()).isEqualTo(PassKind.FULL);
      assertThat(pass.scope().why()).contains("exists again");
      assertThat(reconciler.runPeriodicNow("next").scope().kind()).isEqualTo(PassKind.INCREMENTAL);
    } finally {
      postgres.jdbc().sql("SELECT pg_drop_replication_slot(?)").param(SLOT).query().listOfRows();
    }
  }

  @Test
  void thePassAfterTheChangeSequenceWentBack_isAFullOne() {
    long before =
        postgres
            .jdbc()
            .sql("SELECT last_value FROM planning_change_seq")
            .query(Long.class)
            .single();
    sql("SELECT setval('planning_change_seq', 1)");
    try {
      PassResult pass = reconciler.runPeriodicNow("restored");

      assertThat(pass.scope().kind()).isEqualTo(PassKind.FULL);
      assertThat(pass.scope().why()).contains("below the marker");
    } finally {
      postgres
          .jdbc()
          .sql("SELECT setval('planning_change_seq', ?)")
          .param(before + 1000)
          .query(Long.class)
          .single();
    }
  }

  @Test
  void aConfigChange_bringsAFullPass_onceItIsASettleWindowOld() {
    sql(
        "UPDATE tb_polling_config SET carddata_check_interval = 1700 WHERE config_name = ?",
        "default-activated");
    try {
      PassResult seen = reconciler.runPeriodicNow("config changed");
      clock.advance(Duration.ofMinutes(3));
      PassResult settled = reconciler.runPeriodicNow("window over");

      assertThat(seen.scope().kind()).isEqualTo(PassKind.INCREMENTAL);
      assertThat(settled.scope().kind()).isEqualTo(PassKind.FULL);
      assertThat(settled.scope().why()).contains("polling configs changed");
      assertThat(reconciler.runPeriodicNow("next").scope().kind()).isEqualTo(PassKind.INCREMENTAL);
    } finally {
      restoreTheDefaultConfig();
    }
  }

  @Test
  void aConfigChange_thatTheListenersReenrollmentCarriedIntoTheQueues_bringsNoFullPass() {
    var store = new PollingConfigStore(postgres.jdbc());
    var before = new ConfigSnapshot(store.findEnabled(), clock.instant());
    sql(
        "UPDATE tb_polling_config SET carddata_check_interval = 60 WHERE config_name = ?",
        "default-activated");
    var after = new ConfigSnapshot(store.findEnabled(), clock.instant());
    var record = new ReenrollmentRecord(redis.template());
    try (var reenrollment =
        new ConfigReenrollment(
            app.bean(CardStore.class),
            app.bean(CardPlanner.class),
            app.bean(PollingQueueManager.class),
            record,
            16,
            Duration.ofMillis(100))) {
      // Far off under the old half hour; the new minute must bring it near.
      Instant passAt = clock.instant();
      state.put(cards.get(0), CARDDATA, passAt.plus(Duration.ofMinutes(25)));
      reenrollment.onChange(before, after, ConfigChanges.between(before, after));
      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> record.read().filter(r -> r.completed(after.fingerprint())).isPresent());
      PassResult seen = reconciler.runPeriodicNow("config changed");
      clock.advance(Duration.ofMinutes(3));
      PassResult settled = reconciler.runPeriodicNow("window over");

      assertThat(state.score(cards.get(0), CARDDATA))
          .isLessThanOrEqualTo(passAt.plusSeconds(60).toEpochMilli() / 1000.0);
      assertThat(seen.scope().kind()).isEqualTo(PassKind.INCREMENTAL);
      assertThat(settled.scope().kind()).isEqualTo(PassKind.INCREMENTAL);
    } finally {
      restoreTheDefaultConfig();
    }
  }

  @Test
  void aConfigChange_waitsForARunningReenrollment_andIsAFullPassOnceItGaveUp() {
    var record = new ReenrollmentRecord(redis.template());
    sql(
        "UPDATE tb_polling_config SET carddata_check_interval = 1700 WHERE config_name = ?",
        "default-activated");
    try {
      record.running(
          new ConfigSnapshot(new PollingConfigStore(postgres.jdbc()).findEnabled(), clock.instant())
              .fingerprint());
      reconciler.runPeriodicNow("config changed");
      clock.advance(Duration.ofMinutes(3));
      PassResult whileRunning = reconciler.runPeriodicNow("re-enrollment runs");
      record.abandoned();
      PassResult gaveUp = reconciler.runPeriodicNow("re-enrollment gave up");

      assertThat(whileRunning.scope().kind()).isEqualTo(PassKind.INCREMENTAL);
      assertThat(gaveUp.scope().kind()).isEqualTo(PassKind.FULL);
      assertThat(gaveUp.scope().why()).contains("no re-enrollment");
    } finally {
      restoreTheDefaultConfig();
    }
  }

  /**
   * The interval back, no re-enrollment recorded, and the app's configs reloaded now: a reload
   * found later by its periodic refresh would count as a config change in the next test's time, and
   * that test's differences would be left to the change stream.
   */
  private static void restoreTheDefaultConfig() {
    sql(
        "UPDATE tb_polling_config SET carddata_check_interval = 1800 WHERE config_name = ?",
        "default-activated");
    redis.template().delete(RedisKeys.CONFIGS_REENROLLMENT);
    app.bean(PollingConfigManager.class).refreshNow();
  }

  private static void leaseInAnotherShard(long card, int shard) {
    state.putInShard(card, shard, REALNAME, clock.instant().plus(Duration.ofMinutes(4)));
  }

  private static void awaitQueuesBuilt() {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                app.bean(InitProgressStore.class)
                    .read()
                    .map(InitProgress::completed)
                    .orElse(false));
  }

  private static long changeOf(long card) {
    return postgres
        .jdbc()
        .sql("SELECT planning_change_seq FROM tb_iot_card WHERE id = ?")
        .param(card)
        .query(Long.class)
        .single();
  }

  private static void sql(String statement, Object... params) {
    var sql = postgres.jdbc().sql(statement).params(params);
    if (statement.startsWith("SELECT")) {
      sql.query().listOfRows();
    } else {
      assertThat(sql.update()).isPositive();
    }
  }

  private static double counter(String name, String kind) {
    return app.bean(MeterRegistry.class).get(name).tag("kind", kind).counter().count();
  }
}
