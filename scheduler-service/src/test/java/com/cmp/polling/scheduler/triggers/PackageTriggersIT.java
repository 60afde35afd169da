package com.cmp.polling.scheduler.triggers;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The 10-second package triggers (seed 004 decision 9) on real PostgreSQL and Redis. */
class PackageTriggersIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static SchedulerTestApp app;
  static PackageTriggers triggers;
  static PollingQueueManager queues;
  static TestData data;

  @BeforeAll
  static void start() {
    app = SchedulerTestApp.start(postgres, redis, kafka, Map.of());
    triggers = app.bean(PackageTriggers.class);
    queues = app.bean(PollingQueueManager.class);
    data = postgres.data();
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void pendingAndActivePackagesPastExpiry_expire_andTheirCardsBecomeDueInTheirShardQueue() {
    long card = data.card().insert();
    long device = data.device().insert();
    long deviceCardA = data.card().device(device).insert();
    long deviceCardB = data.card().device(device).insert();
    long untouchedCard = data.card().insert();
    Instant inAnHour = Instant.now().plusSeconds(3600).truncatedTo(ChronoUnit.MILLIS);
    for (long queued : new long[] {card, deviceCardA, deviceCardB, untouchedCard}) {
      queues.requeue(queued, TaskType.PACKAGE, inAnHour);
    }
    long expiredActive =
        data.packageOfCard(card).status(1).expiresAt(Instant.now().minusSeconds(60)).insert();
    long expiredPending =
        data.packageOfDevice(device).status(0).expiresAt(Instant.now().minusSeconds(1)).insert();
    long notYet =
        data.packageOfCard(untouchedCard)
            .status(1)
            .expiresAt(Instant.now().plusSeconds(3600))
            .insert();
    long exhaustedPast =
        data.packageOfCard(untouchedCard)
            .status(2)
            .expiresAt(Instant.now().minusSeconds(60))
            .insert();

    Instant before = Instant.now();
    PackageTriggers.Result result = triggers.runOnce();

    assertThat(result.expiredPackages()).isEqualTo(2);
    assertThat(result.cardsConcerned()).isEqualTo(3);
    assertThat(status(expiredActive)).isEqualTo(3);
    assertThat(status(expiredPending)).isEqualTo(3);
    assertThat(status(notYet)).isEqualTo(1);
    assertThat(status(exhaustedPast)).isEqualTo(2);
    for (long concerned : new long[] {card, deviceCardA, deviceCardB}) {
      assertThat(packageCheckDueAt(concerned)).isBetween(before, Instant.now());
    }
    assertThat(packageCheckDueAt(untouchedCard)).isEqualTo(inAnHour);
    assertThat(queues.manualTriggers().length(TaskType.PACKAGE)).isZero();
    // A second run finds nothing left to do.
    assertThat(triggers.runOnce().expiredPackages()).isZero();
  }

  @Test
  void monthlyReset_restartsUsage_reactivatesExhausted_andMovesTheResetOneMonthOn() {
    long card = data.card().insert();
    queues.requeue(card, TaskType.PACKAGE, Instant.now().plusSeconds(3600));
    Instant due = Instant.now().minusSeconds(30).truncatedTo(ChronoUnit.SECONDS);
    long exhausted =
        data.packageOfCard(card).status(2).usage("1024", "1024").resetsAt(due).insert();
    long otherCard = data.card().insert();
    long notDue =
        data.packageOfCard(otherCard)
            .status(1)
            .usage("5", "1024")
            .resetsAt(Instant.now().plusSeconds(3600))
            .insert();

    PackageTriggers.Result result = triggers.runOnce();

    assertThat(result.resetPackages()).isEqualTo(1);
    var row =
        postgres
            .jdbc()
            .sql("SELECT status, data_usage_mb, next_reset_at FROM tb_package_usage WHERE id = ?")
            .param(exhausted)
            .query()
            .singleRow();
    assertThat(((Number) row.get("status")).intValue()).isEqualTo(1);
    assertThat((java.math.BigDecimal) row.get("data_usage_mb")).isEqualByComparingTo("0");
    OffsetDateTime next =
        ((java.sql.Timestamp) row.get("next_reset_at")).toInstant().atOffset(ZoneOffset.UTC);
    assertThat(next.toInstant()).isEqualTo(due.atOffset(ZoneOffset.UTC).plusMonths(1).toInstant());
    assertThat(status(notDue)).isEqualTo(1);
    assertThat(packageCheckDueAt(card)).isBeforeOrEqualTo(Instant.now());
    assertThat(queues.manualTriggers().length(TaskType.PACKAGE)).isZero();
  }

  @Test
  void onlyCardsQueuedForPackageChecks_becomeDue_leasedOnesToo_andEarlierDueOnesKeepTheirPlace() {
    long device = data.device().insert();
    long notPolled = data.card().device(device).insert();
    long leased = data.card().device(device).insert();
    long dueLongAgo = data.card().device(device).insert();
    long queuedForUsageOnly = data.card().device(device).insert();
    data.packageOfDevice(device).status(1).expiresAt(Instant.now().minusSeconds(5)).insert();
    Instant anHourAgo = Instant.now().minusSeconds(3600).truncatedTo(ChronoUnit.MILLIS);
    queues.requeue(leased, TaskType.PACKAGE, anHourAgo.minusSeconds(60));
    assertThat(queues.dequeueReady(queues.shardOf(leased), TaskType.PACKAGE, 10))
        .singleElement()
        .satisfies(entry -> assertThat(entry.leaseUntil()).isAfter(Instant.now()));
    queues.requeue(dueLongAgo, TaskType.PACKAGE, anHourAgo);
    queues.requeue(queuedForUsageOnly, TaskType.CARDDATA, Instant.now().plusSeconds(3600));

    Instant before = Instant.now();
    assertThat(triggers.runOnce().cardsConcerned()).isEqualTo(4);

    // The card left the queue (not polled) and the one queued for usage only stay out of it.
    assertThat(queues.isQueued(notPolled, TaskType.PACKAGE)).isFalse();
    assertThat(queues.isQueued(queuedForUsageOnly, TaskType.PACKAGE)).isFalse();
    assertThat(packageCheckDueAt(leased)).isBetween(before, Instant.now());
    assertThat(packageCheckDueAt(dueLongAgo)).isEqualTo(anHourAgo);
    assertThat(queues.manualTriggers().length(TaskType.PACKAGE)).isZero();
  }

  @Test
  void resetMissedForMonths_jumpsToTheFirstResetAfterNow() {
    long card = data.card().insert();
    Instant longAgo = Instant.now().minus(100, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
    long stale = data.packageOfCard(card).status(1).usage("7", "100").resetsAt(longAgo).insert();

    triggers.runOnce();

    Instant next =
        postgres
            .jdbc()
            .sql("SELECT next_reset_at FROM tb_package_usage WHERE id = ?")
            .param(stale)
            .query(java.sql.Timestamp.class)
            .single()
            .toInstant();
    assertThat(next).isAfter(Instant.now()).isBefore(Instant.now().plus(32, ChronoUnit.DAYS));
  }

  /** The card's score in its package queue (null: not queued). */
  private static Instant packageCheckDueAt(long cardId) {
    Double score =
        redis
            .template()
            .opsForZSet()
            .score(
                RedisKeys.shardQueue(queues.shardOf(cardId), TaskType.PACKAGE),
                Long.toString(cardId));
    return score == null ? null : Instant.ofEpochMilli(Math.round(score * 1000));
  }

  private static int status(long packageId) {
    return postgres
        .jdbc()
        .sql("SELECT status FROM tb_package_usage WHERE id = ?")
        .param(packageId)
        .query(Integer.class)
        .single();
  }
}
