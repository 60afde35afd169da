package com.cmp.polling.core.queue;

import static com.cmp.polling.schemas.task.TaskType.CARDDATA;
import static com.cmp.polling.schemas.task.TaskType.PACKAGE;
import static com.cmp.polling.schemas.task.TaskType.REALNAME;
import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.StringRedisTemplate;

/** The reconciler's reads and conditional repairs of the shard queues, on a real Redis. */
class QueueAuditIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final PollingQueueManager queues =
      new PollingQueueManager(redis.template(), QueueSettings.DEFAULTS, clock);
  private final QueueAudit audit = new QueueAudit(redis.template(), QueueSettings.DEFAULTS);
  private final StringRedisTemplate template = redis.template();

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void entriesOf_givesEachCardItsScorePerTaskType_inTheOrderAsked_andNothingWhereItIsAbsent() {
    Instant at = clock.instant().plusSeconds(90);
    queues.requeue(17, REALNAME, at);
    queues.requeue(17, PACKAGE, at.plusSeconds(1));
    queues.requeue(32, CARDDATA, at);

    List<QueuedCard> cards = audit.entriesOf(List.of(32L, 17L, 5L));

    assertThat(cards).extracting(QueuedCard::cardId).containsExactly(32L, 17L, 5L);
    assertThat(cards.get(0).types()).containsExactly(CARDDATA);
    assertThat(cards.get(0).entries().get(CARDDATA)).isEqualTo(entry(32, CARDDATA, at));
    assertThat(cards.get(1).types()).containsExactlyInAnyOrder(REALNAME, PACKAGE);
    assertThat(cards.get(1).entries().get(PACKAGE).at()).isEqualTo(at.plusSeconds(1));
    assertThat(cards.get(1).entries().get(PACKAGE).shard()).isEqualTo(1);
    assertThat(cards.get(2).entries()).isEmpty();
  }

  @Test
  void scan_handsOutEveryEntryOfAShardQueueInChunks_andSkipsMembersThatAreNoCardIds() {
    Instant at = clock.instant();
    List<ScheduledCheck> checks = new ArrayList<>();
    LongStream.rangeClosed(1, 250)
        .forEach(i -> checks.add(new ScheduledCheck(i * 16, REALNAME, at)));
    queues.requeueAll(checks);
    template.opsForZSet().add(RedisKeys.shardQueue(0, REALNAME), "not-a-card", 1.0);

    List<List<QueueEntry>> chunks = new ArrayList<>();
    audit.scan(0, REALNAME, 100, chunks::add);

    assertThat(chunks).allSatisfy(chunk -> assertThat(chunk.size()).isLessThanOrEqualTo(100));
    assertThat(chunks.stream().flatMap(List::stream).map(QueueEntry::cardId).distinct())
        .containsExactlyInAnyOrderElementsOf(
            LongStream.rangeClosed(1, 250).map(i -> i * 16).boxed().toList());
    assertThat(chunks.get(0).get(0).shard()).isZero();
    assertThat(chunks.get(0).get(0).at()).isEqualTo(at);
  }

  @Test
  void scanSteps_keptAcrossCalls_handOutEveryEntryOnce_fromCursorZeroBackToZero() {
    Instant at = clock.instant();
    List<ScheduledCheck> checks = new ArrayList<>();
    // More than Redis keeps in a listpack (128): a real hash table, scanned in steps.
    LongStream.rangeClosed(1, 1000)
        .forEach(i -> checks.add(new ScheduledCheck(i * 16 + 3, CARDDATA, at)));
    queues.requeueAll(checks);
    template.opsForZSet().add(RedisKeys.shardQueue(3, CARDDATA), "not-a-card", 1.0);

    List<QueueEntry> seen = new ArrayList<>();
    long cursor = 0;
    int steps = 0;
    int members = 0;
    do {
      ScanStep step = audit.scanStep(3, CARDDATA, cursor, 100);
      seen.addAll(step.entries());
      members += step.membersSeen();
      cursor = step.nextCursor();
      steps++;
    } while (cursor != 0 && steps < 1000);

    assertThat(steps).isGreaterThan(5);
    assertThat(seen.stream().map(QueueEntry::cardId).distinct())
        .containsExactlyInAnyOrderElementsOf(
            LongStream.rangeClosed(1, 1000).map(i -> i * 16 + 3).boxed().toList());
    assertThat(members).isGreaterThanOrEqualTo(1001);
    assertThat(seen).allSatisfy(entry -> assertThat(entry.shard()).isEqualTo(3));
    assertThat(seen.get(0).at()).isEqualTo(at);
    assertThat(audit.entryCount()).isEqualTo(1001);
  }

  @Test
  void entriesAfter_givesTheEntriesScoredBeyondAHorizon_inEveryQueue_upToALimitPerQueue() {
    Instant now = clock.instant();
    queues.requeue(17, REALNAME, now.plus(Duration.ofDays(1)));
    queues.requeue(18, REALNAME, now.plus(Duration.ofDays(40)));
    queues.requeue(34, PACKAGE, now.plus(Duration.ofDays(400)));
    queues.requeue(50, PACKAGE, now.plus(Duration.ofDays(401)));
    queues.requeue(66, PACKAGE, now.plus(Duration.ofDays(402)));
    template.opsForZSet().add(RedisKeys.shardQueue(5, CARDDATA), "not-a-card", 1e12);
    // A card in another shard's queue is handed out as it is, with that shard.
    template.opsForZSet().add(RedisKeys.shardQueue(7, CARDDATA), "19", 1e12);

    List<QueueEntry> far = audit.entriesAfter(now.plus(Duration.ofDays(30)), 2);

    assertThat(far).extracting(QueueEntry::cardId).containsExactlyInAnyOrder(18L, 34L, 50L, 19L);
    assertThat(far)
        .filteredOn(e -> e.cardId() == 19)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.shard()).isEqualTo(7);
              assertThat(audit.inItsCardsShard(e)).isFalse();
            });
    assertThat(far)
        .filteredOn(e -> e.cardId() == 18)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.at()).isEqualTo(now.plus(Duration.ofDays(40)));
              assertThat(audit.inItsCardsShard(e)).isTrue();
            });
  }

  @Test
  void addIfAbsent_addsOnlyWhereTheCardIsNotQueued_andLeavesAQueuedCardsTimeAlone() {
    Instant leased = clock.instant().plus(Duration.ofMinutes(5));
    queues.requeue(1, REALNAME, leased);

    boolean[] added =
        audit.addIfAbsent(
            List.of(
                new ScheduledCheck(1, REALNAME, clock.instant()),
                new ScheduledCheck(2, REALNAME, clock.instant().plusSeconds(7))));

    assertThat(added).containsExactly(false, true);
    assertThat(score(1, REALNAME)).isEqualTo(QueueScores.score(leased));
    assertThat(score(2, REALNAME)).isEqualTo(QueueScores.score(clock.instant().plusSeconds(7)));
  }

  @Test
  void removeIfUnchanged_removesAnEntryStillAsRead_andKeepsOneThatWasLeasedOrMovedSince() {
    Instant due = clock.instant().minusSeconds(30);
    queues.requeue(16, CARDDATA, due);
    queues.requeue(32, CARDDATA, due);
    queues.requeue(48, CARDDATA, due.plusMillis(123));
    List<QueuedCard> read = audit.entriesOf(List.of(16L, 32L, 48L));
    // Meanwhile card 16 is made due earlier, and the scheduler leases it (the oldest due first).
    queues.requeue(16, CARDDATA, due.minusSeconds(1));
    queues.dequeueReady(0, CARDDATA, 1);

    boolean[] removed =
        audit.removeIfUnchanged(
            List.of(
                read.get(0).entries().get(CARDDATA),
                read.get(1).entries().get(CARDDATA),
                read.get(2).entries().get(CARDDATA)));

    // 16 was leased (moved, then taken): kept; 32 and 48 still as read: removed.
    assertThat(removed).containsExactly(false, true, true);
    assertThat(score(16, CARDDATA))
        .isEqualTo(QueueScores.score(clock.instant().plus(Duration.ofMinutes(5))));
    assertThat(score(32, CARDDATA)).isNull();
    assertThat(score(48, CARDDATA)).isNull();
  }

  @Test
  void mayBeLeased_coversScoresFromNowToOneLeaseAhead_notDueOnesNorFarFutureOnes() {
    Instant now = clock.instant();

    assertThat(audit.mayBeLeased(entry(1, REALNAME, now.minusSeconds(1)), now)).isFalse();
    assertThat(audit.mayBeLeased(entry(1, REALNAME, now), now)).isFalse();
    assertThat(audit.mayBeLeased(entry(1, REALNAME, now.plusMillis(1)), now)).isTrue();
    assertThat(audit.mayBeLeased(entry(1, REALNAME, now.plus(Duration.ofMinutes(5))), now))
        .isTrue();
    assertThat(audit.mayBeLeased(entry(1, REALNAME, now.plus(Duration.ofMinutes(6))), now))
        .isFalse();
  }

  private static QueueEntry entry(long cardId, TaskType type, Instant at) {
    return new QueueEntry(cardId, (int) (cardId % 16), type, QueueScores.score(at));
  }

  private Double score(long cardId, TaskType type) {
    return template
        .opsForZSet()
        .score(RedisKeys.shardQueue((int) (cardId % 16), type), Long.toString(cardId));
  }
}
