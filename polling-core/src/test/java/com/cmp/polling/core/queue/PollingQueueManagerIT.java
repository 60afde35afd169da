package com.cmp.polling.core.queue;

import static com.cmp.polling.schemas.task.TaskType.CARDDATA;
import static com.cmp.polling.schemas.task.TaskType.PROTECT;
import static com.cmp.polling.schemas.task.TaskType.REALNAME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.logging.CapturedLogs;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The seed's queue-manager scenarios (seed 000), with its numbers, on a real Redis. */
class PollingQueueManagerIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final PollingQueueManager queues =
      new PollingQueueManager(redis.template(), QueueSettings.DEFAULTS, clock);
  private final StringRedisTemplate template = redis.template();

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void card1000_isRoutedToShard8_everyTime() {
    queues.requeue(1000, CARDDATA, clock.instant().plusSeconds(60));
    queues.requeue(1000, CARDDATA, clock.instant().plusSeconds(120));

    assertThat(queues.shardOf(1000)).isEqualTo(8);
    // Shard 8's name keeps its readable form; the braces hold its hash tag (RedisKeysSlotsTest).
    assertThat(template.keys("polling:shard:*"))
        .containsExactly("polling:shard:{8-qth}:queue:carddata");
    assertThat(template.opsForZSet().zCard(RedisKeys.shardQueue(8, CARDDATA))).isEqualTo(1);
    assertThat(template.opsForZSet().score(RedisKeys.shardQueue(8, CARDDATA), "1000"))
        .isEqualTo(clock.instant().plusSeconds(120).getEpochSecond());
  }

  @Test
  void dequeue_of100DueAnd50Future_withBatch200_returnsExactlyThe100_andLeavesThe50() {
    List<ScheduledCheck> checks = new ArrayList<>();
    for (long i = 1; i <= 100; i++) {
      checks.add(new ScheduledCheck(i * 16, CARDDATA, clock.instant().minusSeconds(i)));
    }
    for (long i = 101; i <= 150; i++) {
      checks.add(new ScheduledCheck(i * 16, CARDDATA, clock.instant().plusSeconds(i)));
    }
    queues.requeueAll(checks);

    List<CardEntry> due = queues.dequeueReady(0, CARDDATA, 200);

    assertThat(due).hasSize(100);
    assertThat(due).extracting(CardEntry::cardId).containsExactlyInAnyOrderElementsOf(ids(1, 100));
    // Oldest due first, with the time it was due and the lease deadline written in its place.
    assertThat(due.get(0))
        .isEqualTo(
            new CardEntry(
                1600,
                clock.instant().minusSeconds(100),
                clock.instant().plus(Duration.ofMinutes(5))));
    for (long i = 101; i <= 150; i++) {
      assertThat(
              template.opsForZSet().score(RedisKeys.shardQueue(0, CARDDATA), Long.toString(i * 16)))
          .isEqualTo(clock.instant().plusSeconds(i).getEpochSecond());
    }
    assertThat(queues.dequeueReady(0, CARDDATA, 200)).isEmpty();
  }

  @Test
  void totalDepth_ofShardsHolding100To1600Cards_is13600() {
    List<ScheduledCheck> checks = new ArrayList<>();
    for (int shard = 0; shard < 16; shard++) {
      for (int n = 1; n <= (shard + 1) * 100; n++) {
        long cardId = (long) n * 16 + shard;
        checks.add(new ScheduledCheck(cardId, CARDDATA, clock.instant().plusSeconds(n)));
      }
    }
    queues.requeueAll(checks);

    assertThat(queues.getQueueDepth(0, CARDDATA)).isEqualTo(100);
    assertThat(queues.getQueueDepth(15, CARDDATA)).isEqualTo(1600);
    assertThat(queues.getTotalQueueDepth(CARDDATA)).isEqualTo(13600);
    assertThat(queues.getTotalQueueDepth(REALNAME)).isZero();
  }

  @Test
  void totalDepth_skipsAShardThatFails_withAWarningNamingIt() {
    for (int shard = 0; shard < 16; shard++) {
      queues.requeue(16 + shard, CARDDATA, clock.instant());
    }
    // Shard 3's key holds a string: ZCARD fails on it the way a broken shard would.
    template.delete(RedisKeys.shardQueue(3, CARDDATA));
    template.opsForValue().set(RedisKeys.shardQueue(3, CARDDATA), "not a sorted set");

    try (CapturedLogs logs = CapturedLogs.of(PollingQueueManager.class)) {
      assertThat(queues.getTotalQueueDepth(CARDDATA)).isEqualTo(15);

      assertThat(logs.messages(Level.WARN))
          .singleElement()
          .asString()
          .startsWith("carddata queue depth: shards left out of the total: 3 (WRONGTYPE");
    }
  }

  @Test
  void removeFromAllQueues_clearsCard500FromAll64Keys_protectIncluded() {
    for (TaskType type : TaskType.values()) {
      for (int shard = 0; shard < 16; shard++) {
        template.opsForZSet().add(RedisKeys.shardQueue(shard, type), "500", 1);
        template.opsForZSet().add(RedisKeys.shardQueue(shard, type), "501", 1);
      }
    }

    queues.removeFromAllQueues(500);

    Set<String> keys = template.keys("polling:shard:*");
    assertThat(keys).hasSize(64).contains(RedisKeys.shardQueue(15, PROTECT));
    for (String key : keys) {
      assertThat(template.opsForZSet().rank(key, "500")).as(key).isNull();
      assertThat(template.opsForZSet().rank(key, "501")).as(key).isZero();
    }
  }

  @Test
  void removeFromAllQueues_ofACardNeverQueued_isASilentNoOp() {
    queues.requeue(1000, PROTECT, clock.instant());

    queues.removeFromAllQueues(999);

    assertThat(queues.getTotalQueueDepth(PROTECT)).isEqualTo(1);
  }

  @Test
  void cardDeletedInTwoProcessesAtOnce_leavesEveryQueue_withoutError() {
    for (TaskType type : TaskType.values()) {
      queues.requeue(700, type, clock.instant());
    }

    CompletableFuture<Void> api = CompletableFuture.runAsync(() -> queues.removeFromAllQueues(700));
    CompletableFuture<Void> worker =
        CompletableFuture.runAsync(() -> queues.removeFromAllQueues(700));
    CompletableFuture.allOf(api, worker).join();

    assertThat(template.keys("polling:*")).isEmpty();
  }

  @Test
  void depthOf600000_isReportedAs600000_asAMonitoringFigure() {
    List<ScheduledCheck> batch = new ArrayList<>(100_000);
    for (long n = 0; n < 600_000; n++) {
      batch.add(new ScheduledCheck(n * 16 + 5, CARDDATA, clock.instant().plusSeconds(n % 3600)));
      if (batch.size() == 100_000) {
        queues.requeueAll(batch);
        batch.clear();
      }
    }

    assertThat(queues.getQueueDepth(5, CARDDATA)).isEqualTo(600_000);
  }

  @Test
  void backlog_countsTheDueCardsNotLeased_inEveryShard_andAgesTheLongestWaiting() {
    queues.requeue(1, CARDDATA, clock.instant().minusSeconds(90));
    queues.requeue(2, CARDDATA, clock.instant().minusSeconds(30));
    queues.requeue(18, CARDDATA, clock.instant().minusSeconds(400));
    queues.requeue(3, CARDDATA, clock.instant().plusSeconds(60));
    queues.requeue(4, REALNAME, clock.instant().minusSeconds(1000));
    // Leased: scored by its lease deadline, so neither due nor the oldest.
    queues.dequeueReady(2, CARDDATA, 1);

    Backlog backlog = queues.getBacklog(CARDDATA);

    assertThat(backlog.due()).isEqualTo(2);
    assertThat(backlog.oldestDueAt()).isEqualTo(clock.instant().minusSeconds(90));
    assertThat(backlog.oldestAge()).isEqualTo(Duration.ofSeconds(90));
    assertThat(queues.getBacklog(PROTECT).due()).isZero();
    assertThat(queues.getBacklog(PROTECT).oldestAge()).isEqualTo(Duration.ZERO);
  }

  @Test
  void shardCount_isRecordedByTheFirstProcess_andADifferentCountIsRefused_namingBoth() {
    new ShardCountMarker(template, QueueSettings.DEFAULTS).verify();
    new ShardCountMarker(template, QueueSettings.DEFAULTS).verify();

    assertThat(template.opsForValue().get("polling:queue:shard-count")).isEqualTo("16");
    var other = new ShardCountMarker(template, new QueueSettings(32, Duration.ofMinutes(5)));
    assertThatThrownBy(other::verify)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("cmp.polling.queue.shard-count is 32")
        .hasMessageContaining("built with 16 shards")
        .hasMessageContaining("Changing the shard count");
    assertThat(template.opsForValue().get("polling:queue:shard-count")).isEqualTo("16");

    // Queues rebuilt with 32 shards (the initializer after the README procedure): 32 is now right.
    other.record();
    other.verify();
    assertThatThrownBy(() -> new ShardCountMarker(template, QueueSettings.DEFAULTS).verify())
        .hasMessageContaining("cmp.polling.queue.shard-count is 16");
  }

  @Test
  void requeueAll_writesEachCheckToItsShardAndType_atItsTime() {
    List<ScheduledCheck> checks = new ArrayList<>();
    for (long card = 1; card <= 1000; card++) {
      for (TaskType type : List.of(REALNAME, CARDDATA, PROTECT)) {
        checks.add(new ScheduledCheck(card, type, clock.instant().plusMillis(card * 1500)));
      }
    }

    queues.requeueAll(checks);

    for (TaskType type : List.of(REALNAME, CARDDATA, PROTECT)) {
      assertThat(queues.getTotalQueueDepth(type)).isEqualTo(1000);
    }
    assertThat(template.opsForZSet().score(RedisKeys.shardQueue(7, PROTECT), "999"))
        .isEqualTo(clock.instant().plusMillis(999 * 1500).toEpochMilli() / 1000.0);
  }

  @Test
  void requeueAll_onlyIfAbsent_leavesQueuedCardsAlone_andTheLaterOfTwoEntriesWins() {
    Instant leased = clock.instant().plusSeconds(300);
    queues.requeue(16, CARDDATA, leased);

    queues.requeueAll(
        List.of(
            new ScheduledCheck(16, CARDDATA, clock.instant()),
            new ScheduledCheck(32, CARDDATA, clock.instant().plusSeconds(5)),
            new ScheduledCheck(32, CARDDATA, clock.instant().plusSeconds(9))),
        true);

    assertThat(template.opsForZSet().score(RedisKeys.shardQueue(0, CARDDATA), "16"))
        .isEqualTo(leased.getEpochSecond());
    assertThat(template.opsForZSet().score(RedisKeys.shardQueue(0, CARDDATA), "32"))
        .isEqualTo(clock.instant().plusSeconds(9).getEpochSecond());
  }

  @Test
  void completeAll_movesQueuedCards_andLeavesCardsThatLeftTheirQueueOut() {
    Instant leased = clock.instant().plusSeconds(300);
    queues.requeue(16, CARDDATA, leased);
    queues.requeue(17, REALNAME, leased);
    queues.requeue(32, CARDDATA, leased);
    queues.remove(32, CARDDATA); // deleted while its check ran

    Instant next = clock.instant().plusSeconds(3600);
    queues.completeAll(
        List.of(
            new ScheduledCheck(16, CARDDATA, next),
            new ScheduledCheck(17, REALNAME, next),
            new ScheduledCheck(32, CARDDATA, next)));

    assertThat(template.opsForZSet().score(RedisKeys.shardQueue(0, CARDDATA), "16"))
        .isEqualTo(next.getEpochSecond());
    assertThat(template.opsForZSet().score(RedisKeys.shardQueue(1, REALNAME), "17"))
        .isEqualTo(next.getEpochSecond());
    assertThat(queues.isQueued(32, CARDDATA)).isFalse();
  }

  @Test
  void completeAll_leavesCardsMadeDueWhileChecked_due_andTheLaterEntryOfACardWins() {
    Instant leased = clock.instant().plusSeconds(300);
    queues.requeue(16, CARDDATA, leased);
    queues.requeue(48, CARDDATA, leased);
    queues.requeue(64, CARDDATA, leased);
    queues.requeue(48, CARDDATA, clock.instant()); // a status change asked for a check now
    clock.advance(Duration.ofSeconds(2));

    Instant next = clock.instant().plusSeconds(3600);
    queues.completeAll(
        List.of(
            new ScheduledCheck(16, CARDDATA, next),
            new ScheduledCheck(48, CARDDATA, next),
            new ScheduledCheck(64, CARDDATA, next),
            new ScheduledCheck(64, CARDDATA, next.plusSeconds(60))));

    assertThat(template.opsForZSet().score(RedisKeys.shardQueue(0, CARDDATA), "16"))
        .isEqualTo(next.getEpochSecond());
    assertThat(template.opsForZSet().score(RedisKeys.shardQueue(0, CARDDATA), "48"))
        .isEqualTo(clock.instant().minusSeconds(2).getEpochSecond());
    assertThat(template.opsForZSet().score(RedisKeys.shardQueue(0, CARDDATA), "64"))
        .isEqualTo(next.plusSeconds(60).getEpochSecond());
  }

  @Test
  void completeAll_ofMoreCardsOfOneQueueThanOneScriptChunk_movesEveryQueuedCard() {
    Instant leased = clock.instant().plusSeconds(300);
    List<ScheduledCheck> leases = new ArrayList<>();
    List<ScheduledCheck> completions = new ArrayList<>();
    Instant next = clock.instant().plusSeconds(3600);
    for (long card = 16; card <= 16 * 8000; card += 16) { // 8 000 cards, all in shard 0
      leases.add(new ScheduledCheck(card, CARDDATA, leased));
      completions.add(new ScheduledCheck(card, CARDDATA, next));
    }
    queues.requeueAll(leases);
    queues.requeue(16 * 3600, CARDDATA, clock.instant()); // made due, in the second chunk
    queues.remove(16 * 7999, CARDDATA); // deleted, in the third chunk

    queues.completeAll(completions);

    assertThat(
            template
                .opsForZSet()
                .count(
                    RedisKeys.shardQueue(0, CARDDATA),
                    next.getEpochSecond(),
                    next.getEpochSecond()))
        .isEqualTo(7998);
    assertThat(
            template
                .opsForZSet()
                .score(RedisKeys.shardQueue(0, CARDDATA), Long.toString(16 * 3600)))
        .isEqualTo(clock.instant().getEpochSecond());
    assertThat(queues.isQueued(16 * 7999, CARDDATA)).isFalse();
  }

  @Test
  void move_writesSoonerTimes_keepsWhatItMustNotUndo_andRemoves_acrossShards() {
    Instant now = clock.instant();
    queues.requeue(16, CARDDATA, now.plusSeconds(300)); // leased: a check under way
    queues.requeue(16, REALNAME, now.minusSeconds(10)); // due for 10 s already
    queues.requeue(16, PROTECT, now.plusSeconds(60));
    queues.requeue(17, REALNAME, now.plusSeconds(100));
    queues.requeue(18, CARDDATA, now.plusSeconds(5));

    queues.move(
        List.of(
            EntryChange.sooner(new ScheduledCheck(16, CARDDATA, now)),
            EntryChange.sooner(new ScheduledCheck(16, REALNAME, now)),
            EntryChange.ifAbsent(new ScheduledCheck(16, TaskType.PACKAGE, now.plusSeconds(60))),
            EntryChange.remove(16, PROTECT),
            EntryChange.ifAbsent(new ScheduledCheck(17, REALNAME, now.plusSeconds(5))),
            EntryChange.sooner(new ScheduledCheck(18, CARDDATA, now.plusSeconds(3600)))));

    assertThat(score(16, CARDDATA)).isEqualTo(now); // the lease gives way to a sooner time
    assertThat(score(16, REALNAME)).isEqualTo(now.minusSeconds(10)); // due earlier: kept
    assertThat(score(16, TaskType.PACKAGE)).isEqualTo(now.plusSeconds(60)); // absent: added
    assertThat(queues.isQueued(16, PROTECT)).isFalse();
    assertThat(score(17, REALNAME)).isEqualTo(now.plusSeconds(100)); // present: left alone
    assertThat(score(18, CARDDATA)).isEqualTo(now.plusSeconds(5)); // a later time never wins
  }

  private Instant score(long cardId, TaskType type) {
    Double score =
        template
            .opsForZSet()
            .score(RedisKeys.shardQueue(queues.shardOf(cardId), type), Long.toString(cardId));
    return score == null ? null : Instant.ofEpochMilli(Math.round(score * 1000));
  }

  @Test
  void overdueCount_countsOnlyCardsDueByNow() {
    queues.requeue(1, CARDDATA, clock.instant().minusSeconds(30));
    queues.requeue(2, CARDDATA, clock.instant());
    queues.requeue(3, CARDDATA, clock.instant().plusSeconds(30));
    queues.requeue(20, CARDDATA, clock.instant().minusSeconds(1));

    assertThat(queues.getOverdueCount(CARDDATA, clock.instant())).isEqualTo(3);
    assertThat(queues.getOverdueCount(CARDDATA, clock.instant().plusSeconds(60))).isEqualTo(4);
  }

  @Test
  void batchAbove7000_isCappedAt7000_andTheLuaChunkingCopesWithIt() {
    List<ScheduledCheck> checks = new ArrayList<>();
    for (long n = 1; n <= 7500; n++) {
      checks.add(new ScheduledCheck(n * 16 + 2, REALNAME, clock.instant().minusSeconds(1)));
    }
    queues.requeueAll(checks);

    List<CardEntry> first = queues.dequeueReady(2, REALNAME, 10_000);
    List<CardEntry> rest = queues.dequeueReady(2, REALNAME, 10_000);

    assertThat(first).hasSize(PollingQueueManager.MAX_BATCH);
    assertThat(rest).hasSize(500);
    assertThat(queues.getQueueDepth(2, REALNAME)).isEqualTo(7500);
  }

  @Test
  void badArguments_areRefused_naming_theBadValue_beforeRedisIsTouched() {
    assertThatThrownBy(() -> TaskType.fromCode("billing"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'billing'");
    assertThatThrownBy(() -> queues.requeue(-7, CARDDATA, clock.instant()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("card id must be positive, was -7");
    assertThatThrownBy(() -> queues.dequeueReady(16, CARDDATA, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("shard id must be in [0, 15], was 16");
    assertThatThrownBy(() -> queues.getQueueDepth(-1, CARDDATA))
        .hasMessage("shard id must be in [0, 15], was -1");
    assertThatThrownBy(() -> queues.dequeueReady(0, CARDDATA, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("batch size must be positive, was 0");
    assertThatThrownBy(() -> queues.manualTriggers().enqueue(5, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("task type is missing");
    assertThat(template.keys("polling:*")).isEmpty();
  }

  private static List<Long> ids(long from, long to) {
    return LongStream.rangeClosed(from, to).map(i -> i * 16).boxed().collect(Collectors.toList());
  }
}
