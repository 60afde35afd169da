package com.cmp.polling.core.queue;

import static com.cmp.polling.schemas.task.TaskType.CARDDATA;
import static com.cmp.polling.schemas.task.TaskType.REALNAME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.testsupport.net.Ports;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The lease dequeue: disjoint under concurrency, and no card is ever lost. */
class LeaseDequeueIT {

  private static final Duration LEASE = Duration.ofMinutes(5);

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final PollingQueueManager queues =
      new PollingQueueManager(redis.template(), new QueueSettings(16, LEASE), clock);

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @ParameterizedTest(name = "{0} dequeuers")
  @ValueSource(ints = {2, 8})
  void concurrentDequeuers_onOneShardWith50000DueCards_getDisjointSets_coveringAll(int dequeuers)
      throws Exception {
    fillDue(0, REALNAME, 50_000);
    ExecutorService pool = Executors.newFixedThreadPool(dequeuers);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<List<Long>>> results = new ArrayList<>();
    for (int d = 0; d < dequeuers; d++) {
      Callable<List<Long>> worker =
          () -> {
            start.await();
            List<Long> mine = new ArrayList<>();
            List<CardEntry> batch;
            while (!(batch = queues.dequeueReady(0, REALNAME, 500)).isEmpty()) {
              batch.forEach(e -> mine.add(e.cardId()));
            }
            return mine;
          };
      results.add(pool.submit(worker));
    }
    start.countDown();

    Set<Long> union = new HashSet<>();
    int handedOut = 0;
    for (Future<List<Long>> result : results) {
      List<Long> mine = result.get();
      handedOut += mine.size();
      union.addAll(mine);
    }
    pool.shutdown();

    assertThat(union).hasSize(50_000);
    // Pairwise disjoint: nothing was handed out twice.
    assertThat(handedOut).isEqualTo(50_000);
  }

  @Test
  void cardNeverCompleted_comesDueAgain_onlyWhenItsLeaseEnds() {
    queues.requeue(42, CARDDATA, clock.instant().minusSeconds(1));
    assertThat(queues.dequeueReady(queues.shardOf(42), CARDDATA, 10))
        .extracting(CardEntry::cardId)
        .containsExactly(42L);

    clock.advance(LEASE.minusSeconds(1));
    assertThat(queues.dequeueReady(queues.shardOf(42), CARDDATA, 10)).isEmpty();

    clock.advance(Duration.ofSeconds(1));
    List<CardEntry> again = queues.dequeueReady(queues.shardOf(42), CARDDATA, 10);
    assertThat(again).extracting(CardEntry::cardId).containsExactly(42L);
    assertThat(again.get(0).dueAt()).isEqualTo(clock.instant());
  }

  @Test
  void complete_movesTheCardToItsNextCheck() {
    queues.requeue(43, CARDDATA, clock.instant());
    queues.dequeueReady(queues.shardOf(43), CARDDATA, 10);

    assertThat(queues.complete(43, CARDDATA, clock.instant().plus(Duration.ofHours(1)))).isTrue();

    clock.advance(LEASE.plusSeconds(1));
    assertThat(queues.dequeueReady(queues.shardOf(43), CARDDATA, 10)).isEmpty();
    clock.advance(Duration.ofHours(1));
    assertThat(queues.dequeueReady(queues.shardOf(43), CARDDATA, 10)).hasSize(1);
  }

  @Test
  void complete_ofACardMadeDueWhileItWasChecked_leavesItDue() {
    queues.requeue(47, CARDDATA, clock.instant());
    queues.dequeueReady(queues.shardOf(47), CARDDATA, 10);
    clock.advance(Duration.ofSeconds(1));
    // The card's status changed while its check ran: the lifecycle service wants it checked now.
    queues.requeue(47, CARDDATA, clock.instant());
    clock.advance(Duration.ofSeconds(1));

    assertThat(queues.complete(47, CARDDATA, clock.instant().plus(Duration.ofHours(1)))).isTrue();

    assertThat(queues.dequeueReady(queues.shardOf(47), CARDDATA, 10))
        .extracting(CardEntry::cardId)
        .containsExactly(47L);
  }

  @Test
  void complete_ofARedeliveredTask_withTheSameTime_stillReportsTheCardQueued() {
    Instant next = clock.instant().plus(Duration.ofHours(1));
    queues.requeue(46, CARDDATA, clock.instant());
    queues.dequeueReady(queues.shardOf(46), CARDDATA, 10);

    assertThat(queues.complete(46, CARDDATA, next)).isTrue();
    assertThat(queues.complete(46, CARDDATA, next)).isTrue();
  }

  @Test
  void aMemberThatIsNotACardId_isDroppedByTheDequeue_andTheCardsAroundItAreHandedOut() {
    queues.requeue(16 * 3 + 7, CARDDATA, clock.instant().minusSeconds(2));
    redis.template().opsForZSet().add(RedisKeys.shardQueue(7, CARDDATA), "garbage", 1);

    assertThat(queues.dequeueReady(7, CARDDATA, 10))
        .extracting(CardEntry::cardId)
        .containsExactly(55L);
    assertThat(redis.template().opsForZSet().score(RedisKeys.shardQueue(7, CARDDATA), "garbage"))
        .isNull();
  }

  @Test
  void cardRemovedWhileLeased_isNotBroughtBackByComplete() {
    queues.requeue(44, CARDDATA, clock.instant());
    queues.dequeueReady(queues.shardOf(44), CARDDATA, 10);
    queues.removeFromAllQueues(44);

    assertThat(queues.complete(44, CARDDATA, clock.instant().plusSeconds(60))).isFalse();

    assertThat(queues.getTotalQueueDepth(CARDDATA)).isZero();
    clock.advance(Duration.ofDays(1));
    assertThat(queues.dequeueReady(queues.shardOf(44), CARDDATA, 10)).isEmpty();
  }

  @Test
  void lifecycleRequeueWhileLeased_givesTheCardItsNewTime() {
    queues.requeue(45, CARDDATA, clock.instant());
    queues.dequeueReady(queues.shardOf(45), CARDDATA, 10);

    queues.requeue(45, CARDDATA, clock.instant());

    assertThat(queues.dequeueReady(queues.shardOf(45), CARDDATA, 10))
        .extracting(CardEntry::cardId)
        .containsExactly(45L);
  }

  @Test
  void dequeue_handsOutTheExactLeaseDeadlineItWrote_evenFromAClockFinerThanMilliseconds() {
    clock.set(Instant.parse("2026-11-29T12:00:00.123456789Z"));
    queues.requeue(48, CARDDATA, clock.instant().minusSeconds(1));

    CardEntry leased = queues.dequeueReady(queues.shardOf(48), CARDDATA, 10).get(0);

    assertThat(leased.leaseUntil()).isEqualTo(Instant.parse("2026-11-29T12:05:00.123Z"));
    assertThat(queues.claimLeases(CARDDATA, List.of(new LeaseClaim(48, leased.leaseUntil()))))
        .containsExactly(true);
  }

  @Test
  void claim_ofACurrentTask_extendsItsLease_soTheSchedulerCannotLeaseTheCardAgainMeanwhile() {
    queues.requeue(49, CARDDATA, clock.instant());
    Instant lease = queues.dequeueReady(queues.shardOf(49), CARDDATA, 10).get(0).leaseUntil();
    // The handlers lag: the task is handled after its lease ended, before a new dequeue.
    clock.advance(LEASE.plusSeconds(30));

    assertThat(queues.claimLeases(CARDDATA, List.of(new LeaseClaim(49, lease))))
        .containsExactly(true);

    assertThat(queues.dequeueReady(queues.shardOf(49), CARDDATA, 10)).isEmpty();
    clock.advance(LEASE);
    assertThat(queues.dequeueReady(queues.shardOf(49), CARDDATA, 10)).hasSize(1);
  }

  @Test
  void claim_findsEveryWayATaskIsSuperseded_andTouchesNoneOfThoseCards() {
    long completed = 1;
    long releasedAgain = 2;
    long removed = 3;
    long rescheduled = 4;
    long current = 5; // its lease ended, but nobody leased it again: its task is still the one
    for (long card : List.of(completed, releasedAgain, removed, rescheduled, current)) {
      queues.requeue(card, CARDDATA, clock.instant());
    }
    Instant first = dequeueAll().get(0).leaseUntil();
    queues.complete(completed, CARDDATA, clock.instant().plusSeconds(3600));
    queues.remove(removed, CARDDATA);
    queues.requeue(rescheduled, CARDDATA, clock.instant());
    clock.advance(LEASE);
    queues.dequeueReady(queues.shardOf(releasedAgain), CARDDATA, 1); // leased again: a new task
    Double completedScore = score(completed);
    Double rescheduledScore = score(rescheduled);
    Double releasedScore = score(releasedAgain);

    boolean[] claimed =
        queues.claimLeases(
            CARDDATA,
            List.of(
                new LeaseClaim(completed, first),
                new LeaseClaim(releasedAgain, first),
                new LeaseClaim(removed, first),
                new LeaseClaim(rescheduled, first),
                new LeaseClaim(current, first)));

    assertThat(claimed).containsExactly(false, false, false, false, true);
    assertThat(score(completed)).isEqualTo(completedScore);
    assertThat(score(releasedAgain)).isEqualTo(releasedScore);
    assertThat(score(removed)).isNull();
    assertThat(score(rescheduled)).isEqualTo(rescheduledScore);
    assertThat(score(current)).isEqualTo(clock.instant().plus(LEASE).toEpochMilli() / 1000.0);
  }

  @Test
  void theSameTaskTwice_inOneClaim_isCurrentOnce() {
    queues.requeue(50, CARDDATA, clock.instant());
    Instant lease = queues.dequeueReady(queues.shardOf(50), CARDDATA, 10).get(0).leaseUntil();

    assertThat(
            queues.claimLeases(
                CARDDATA, List.of(new LeaseClaim(50, lease), new LeaseClaim(50, lease))))
        .containsExactly(true, false);
    // A redelivery in a later poll finds the claim's deadline, not its own.
    assertThat(queues.claimLeases(CARDDATA, List.of(new LeaseClaim(50, lease))))
        .containsExactly(false);
  }

  @Test
  void redisUnreachable_failsEveryOperation_withAClearException() {
    LettuceConnectionFactory factory = factory(Ports.free(), Duration.ofMillis(500));
    try {
      var down =
          new PollingQueueManager(new StringRedisTemplate(factory), QueueSettings.DEFAULTS, clock);

      assertThatThrownBy(() -> down.dequeueReady(3, CARDDATA, 100))
          .isInstanceOf(PollingQueueException.class)
          .hasMessageStartingWith("dequeue shard 3 carddata failed in Redis");
      assertThatThrownBy(() -> down.complete(1000, CARDDATA, clock.instant()))
          .isInstanceOf(PollingQueueException.class)
          .hasMessageStartingWith("complete carddata of card 1000 failed in Redis");
      assertThatThrownBy(
              () -> down.claimLeases(CARDDATA, List.of(new LeaseClaim(1000, clock.instant()))))
          .isInstanceOf(PollingQueueException.class)
          .hasMessageStartingWith("claim 1 carddata leases failed in Redis");
      assertThatThrownBy(() -> down.manualTriggers().take(CARDDATA, 10))
          .isInstanceOf(PollingQueueException.class)
          .hasMessageStartingWith("take manual triggers of [carddata] failed in Redis");
      assertThatThrownBy(() -> down.removeFromAllQueues(1000))
          .isInstanceOf(PollingQueueException.class)
          .hasMessageStartingWith("remove card 1000 from all queues failed in Redis");
      // A total with no shard answering is an error, not a misleading 0.
      assertThatThrownBy(() -> down.getTotalQueueDepth(CARDDATA))
          .isInstanceOf(PollingQueueException.class)
          .hasMessageStartingWith("carddata queue depth: every shard failed");
    } finally {
      factory.destroy();
    }
  }

  @Test
  void dequeueThatTimesOut_losesNoCard_theLeaseBringsThemBack() {
    fillDue(5, CARDDATA, 300);
    LettuceConnectionFactory impatient = factory(redis.port(), Duration.ofMillis(300));
    try {
      var slow =
          new PollingQueueManager(
              new StringRedisTemplate(impatient), new QueueSettings(16, LEASE), clock);
      // Writes (scripts included) wait for 1.5 s: the client gives up, the script runs later.
      redis
          .template()
          .execute(
              (RedisCallback<Object>)
                  c ->
                      c.execute(
                          "CLIENT", "PAUSE".getBytes(), "1500".getBytes(), "WRITE".getBytes()));

      assertThatThrownBy(() -> slow.dequeueReady(5, CARDDATA, 1000))
          .isInstanceOf(PollingQueueException.class);

      await()
          .atMost(Duration.ofSeconds(5))
          .until(() -> queues.getOverdueCount(CARDDATA, clock.instant()) == 0);
      clock.advance(LEASE);
      assertThat(queues.dequeueReady(5, CARDDATA, 1000)).hasSize(300);
    } finally {
      impatient.destroy();
    }
  }

  /** Every due card of every shard, leased. */
  private List<CardEntry> dequeueAll() {
    List<CardEntry> all = new ArrayList<>();
    for (int shard = 0; shard < queues.shardCount(); shard++) {
      all.addAll(queues.dequeueReady(shard, CARDDATA, 100));
    }
    return all;
  }

  private Double score(long cardId) {
    return redis
        .template()
        .opsForZSet()
        .score(RedisKeys.shardQueue(queues.shardOf(cardId), CARDDATA), Long.toString(cardId));
  }

  private void fillDue(int shard, com.cmp.polling.schemas.task.TaskType type, int count) {
    List<ScheduledCheck> checks = new ArrayList<>(count);
    for (long n = 1; n <= count; n++) {
      checks.add(new ScheduledCheck(n * 16 + shard, type, clock.instant().minusMillis(n)));
    }
    queues.requeueAll(checks);
  }

  private LettuceConnectionFactory factory(int port, Duration commandTimeout) {
    var config = new RedisStandaloneConfiguration(redis.host(), port);
    config.setDatabase(redis.database());
    var client = LettuceClientConfiguration.builder().commandTimeout(commandTimeout).build();
    var factory = new LettuceConnectionFactory(config, client);
    factory.afterPropertiesSet();
    factory.start();
    return factory;
  }
}
