package com.cmp.polling.scheduler.reconcile;

import static com.cmp.polling.schemas.task.TaskType.CARDDATA;
import static com.cmp.polling.schemas.task.TaskType.PACKAGE;
import static com.cmp.polling.schemas.task.TaskType.REALNAME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scheduler.SchedulerTestApp;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.initializer.InitProgressStore;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.PassResult.Outcome;
import com.cmp.polling.status.reconcile.RepairKind;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.connection.DataType;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Periodic reconcile passes, with two scheduler instances on the same PostgreSQL and Redis: the
 * {@code first} runs no periodic passes (its passes are asked for), the {@code second} runs them
 * every {@link #INTERVAL} after {@link #INITIAL_DELAY} and a random part of an interval. Both share
 * a settable clock, a day ahead of the rows, which stands still unless a test moves it: whether a
 * periodic pass is left out ("another finished less than half an interval ago") then depends on
 * what the test did, not on how fast the machine runs. Only the second instance runs periodic
 * passes, so every periodic line in the reconciler's log is its own. Every test starts with a pass
 * of the first instance just ended, so the second leaves its periodic passes out. The second's
 * sweep period is its interval: each periodic pass sweeps the whole fleet, so that damage written
 * by hand (no change to compare) is found by the next periodic pass, whatever part of the sweep it
 * would otherwise have reached.
 */
class PeriodicReconcileIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  /**
   * Short, since most waits of the class are counted in periodic runs; whether a run is left out
   * depends on the settable clock alone, never on how long a run waited.
   */
  static final Duration INTERVAL = Duration.ofMillis(500);

  static final Duration INITIAL_DELAY = Duration.ofSeconds(1);
  static final String BY_HAND = "the first instance, asked";
  static final String PERIODIC = "periodic";
  static final String SCHEDULED = "queue reconciler: first pass in ";
  static final String LEFT_OUT = "periodic reconcile pass left out";
  static final String ESCAPED = "periodic reconcile pass failed";
  static final String[] PERIODIC_RUNS = {
    LEFT_OUT, ESCAPED, "reconcile pass (periodic) started", "reconcile pass (periodic) not started"
  };
  static final SettableClock clock =
      new SettableClock(Instant.now().plus(Duration.ofDays(1)).truncatedTo(ChronoUnit.MILLIS));

  static final List<Long> cards = new ArrayList<>();
  static SchedulerTestApp first;
  static SchedulerTestApp second;
  static ReconcilerLog log;
  static Instant secondStarting;
  static QueueState state;

  @BeforeAll
  static void start() {
    for (int i = 0; i < 48; i++) {
      cards.add(postgres.data().card().insert());
    }
    first =
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
    state = new QueueState(redis.template());
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                first
                    .bean(InitProgressStore.class)
                    .read()
                    .map(InitProgress::completed)
                    .orElse(false));
    // The initializer records its completion a moment before it gives its lock back.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> first.bean(Reconciler.class).runNow(BY_HAND).outcome() == Outcome.COMPLETED);
    // After the first app: the first app of a JVM resets the logging system as it starts.
    log = ReconcilerLog.attach();
    secondStarting = Instant.now();
    second =
        SchedulerTestApp.start(
            postgres,
            redis,
            kafka,
            Map.of(
                "cmp.polling.scheduler.reconciler.enabled",
                true,
                "cmp.polling.scheduler.reconciler.interval",
                INTERVAL.toMillis() + "ms",
                "cmp.polling.scheduler.reconciler.sweep-period",
                INTERVAL.toMillis() + "ms",
                "cmp.polling.scheduler.reconciler.initial-delay",
                INITIAL_DELAY.toMillis() + "ms",
                "cmp.polling.scheduler.reconciler.pause",
                "0s",
                "cmp.polling.scheduler.reconciler.page-size",
                "16"),
            clock);
    log.reattach();
  }

  @AfterAll
  static void stop() {
    try {
      if (second != null) {
        second.close();
      }
    } finally {
      if (log != null) {
        log.close();
      }
      first.close();
    }
  }

  @BeforeEach
  void aPassOfTheFirstInstanceHasJustEnded() {
    for (int attempt = 0; attempt < 5; attempt++) {
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> first.bean(Reconciler.class).runNow(BY_HAND).outcome() == Outcome.COMPLETED);
      // Once the second instance has left a periodic pass out, its pass thread is idle: a pass
      // of its own that began as the first's ended (a pass in progress is not recent) is over.
      int skips = log.count(LEFT_OUT);
      await().atMost(Duration.ofSeconds(30)).until(() -> log.count(LEFT_OUT) > skips);
      if (status().trigger().equals(BY_HAND)) {
        return;
      }
    }
    throw new AssertionError("the second instance's passes kept following the first's");
  }

  @Test
  void periodicPasses_beginAfterTheInitialDelayAndPartOfAnInterval_andFollowAnIntervalApart() {
    List<ReconcilerLog.Line> scheduled = log.startingWith(SCHEDULED);
    assertThat(scheduled).hasSize(1);
    long firstInSeconds =
        Long.parseLong(scheduled.get(0).message().substring(SCHEDULED.length()).split(" ", 2)[0]);
    assertThat(firstInSeconds)
        .isBetween(INITIAL_DELAY.toSeconds(), INITIAL_DELAY.plus(INTERVAL).toSeconds());
    assertThat(scheduled.get(0).message()).endsWith("then " + INTERVAL + " after each pass");

    await().atMost(Duration.ofSeconds(30)).until(() -> log.startingWith(PERIODIC_RUNS).size() >= 4);

    // Lower bounds only: a scheduled run never comes early, however slow the machine.
    List<ReconcilerLog.Line> runs = log.startingWith(PERIODIC_RUNS).subList(0, 4);
    assertThat(runs.get(0).at())
        .isAfterOrEqualTo(secondStarting.truncatedTo(ChronoUnit.MILLIS).plus(INITIAL_DELAY));
    for (int i = 1; i < runs.size(); i++) {
      assertThat(Duration.between(runs.get(i - 1).at(), runs.get(i).at()))
          .isGreaterThanOrEqualTo(INTERVAL);
    }
  }

  @Test
  void whileAPassOfTheFirstInstanceIsRecent_theSecondLeavesItsPeriodicPassesOut() {
    PassResult recent = status();
    long passesBefore = passes(second, null);
    int skipsBefore = log.count(LEFT_OUT);

    await().atMost(Duration.ofSeconds(30)).until(() -> log.count(LEFT_OUT) >= skipsBefore + 3);

    assertThat(passes(second, null)).isEqualTo(passesBefore);
    assertThat(status()).isEqualTo(recent);
    List<ReconcilerLog.Line> skips = log.startingWith(LEFT_OUT);
    assertThat(skips.get(skips.size() - 1).message())
        .isEqualTo(LEFT_OUT + ": one finished at " + recent.finishedAt());
  }

  @Test
  void aDamagedQueue_isRepairedByAPeriodicPass_onceHalfAnIntervalHasPassedSinceTheLastPass() {
    List<Long> damaged = cards.subList(0, 4);
    for (long card : damaged) {
      state.remove(card, REALNAME);
      state.remove(card, CARDDATA);
    }
    long missingBefore = repairs(second, RepairKind.MISSING);
    long passesBefore = passes(second, null);

    clock.advance(INTERVAL.dividedBy(2));
    PassResult periodic =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                PeriodicReconcileIT::status,
                p -> p.trigger().equals(PERIODIC) && p.outcome() == Outcome.COMPLETED);

    assertThat(periodic.repairs()).isEqualTo(ReconcilerIT.repairs(8, 0, 0));
    assertThat(repairs(second, RepairKind.MISSING) - missingBefore).isEqualTo(8);
    for (long card : damaged) {
      assertThat(state.typesOf(card)).containsExactlyInAnyOrder(REALNAME, CARDDATA, PACKAGE);
    }
    // That pass, now the recent one, keeps the next periodic passes out.
    int skips = log.count(LEFT_OUT);
    await().atMost(Duration.ofSeconds(30)).until(() -> log.count(LEFT_OUT) >= skips + 2);
    assertThat(passes(second, null)).isEqualTo(passesBefore + 1);
    assertThat(status()).isEqualTo(periodic);
  }

  @Test
  void periodicPasses_goOnAfterAnErrorAndAfterFailedPasses_andRepairOnceTheFaultIsGone() {
    StringRedisTemplate template = redis.template();
    long card = cards.get(0);
    String queue = RedisKeys.shardQueue(QueueState.shardOf(card), REALNAME);
    Set<String> members = template.opsForZSet().range(queue, 0, -1);
    assertThat(members).contains(Long.toString(card));
    try {
      // The status written over by hand: reading it fails in every periodic run.
      int errors = log.count(ESCAPED);
      template.delete(RedisKeys.RECONCILE_STATUS);
      template.opsForValue().set(RedisKeys.RECONCILE_STATUS, "written by hand");

      await().atMost(Duration.ofSeconds(30)).until(() -> log.count(ESCAPED) >= errors + 2);

      // Then one shard's queue written over instead: every pass fails on it, and is recorded.
      long failedBefore = passes(second, "failed");
      template.delete(queue);
      template.opsForValue().set(queue, "written by hand");
      template.delete(RedisKeys.RECONCILE_STATUS);

      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> passes(second, "failed") >= failedBefore + 2);
      PassResult failed =
          await()
              .atMost(Duration.ofSeconds(30))
              .until(PeriodicReconcileIT::status, p -> p.outcome() == Outcome.FAILED);
      assertThat(failed.trigger()).isEqualTo(PERIODIC);
      assertThat(failed.note()).isNotBlank();

      // The fault gone (the queue lost with it), the next periodic pass completes and refills it.
      long missingBefore = repairs(second, RepairKind.MISSING);
      template.delete(queue);
      PassResult healed =
          await()
              .atMost(Duration.ofSeconds(30))
              .until(
                  PeriodicReconcileIT::status,
                  p -> p.trigger().equals(PERIODIC) && p.outcome() == Outcome.COMPLETED);

      assertThat(healed.repairs()).isEqualTo(ReconcilerIT.repairs(members.size(), 0, 0));
      assertThat(repairs(second, RepairKind.MISSING) - missingBefore).isEqualTo(members.size());
      assertThat(template.opsForZSet().range(queue, 0, -1))
          .containsExactlyInAnyOrderElementsOf(members);
    } finally {
      if (template.type(RedisKeys.RECONCILE_STATUS) == DataType.STRING) {
        template.delete(RedisKeys.RECONCILE_STATUS);
      }
      if (template.type(queue) == DataType.STRING) {
        template.delete(queue);
      }
    }
  }

  private static PassResult status() {
    return first.bean(Reconciler.class).status().orElseThrow();
  }

  /** Passes that ran in the app (not those refused or left out), of one outcome or all. */
  private static long passes(SchedulerTestApp app, String outcome) {
    var search = app.bean(MeterRegistry.class).find("polling.reconciler.pass");
    if (outcome != null) {
      search = search.tag("outcome", outcome);
    }
    return search.timers().stream().mapToLong(Timer::count).sum();
  }

  private static long repairs(SchedulerTestApp app, RepairKind kind) {
    return (long)
        app.bean(MeterRegistry.class)
            .get("polling.reconciler.repairs")
            .tag("kind", kind.code())
            .counter()
            .count();
  }
}
