package com.cmp.polling.core.queue;

import static com.cmp.polling.schemas.task.TaskType.CARDDATA;
import static com.cmp.polling.schemas.task.TaskType.PROTECT;
import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ZSetOperations.TypedTuple;

/**
 * An upgrade keeps what Redis holds under the names of earlier versions: the untagged shard queues,
 * the manual trigger list and the trigger set's untagged name are moved into today's keys once,
 * entries written by the new version winning over the old ones.
 */
class LegacyQueueKeysIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final PollingQueueManager queues =
      new PollingQueueManager(redis.template(), QueueSettings.DEFAULTS, clock);
  private final LegacyQueueKeys legacy =
      new LegacyQueueKeys(redis.template(), QueueSettings.DEFAULTS, clock);
  private final StringRedisTemplate template = redis.template();

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void oldShardQueues_moveIntoTheTaggedOnes_theNewVersionsEntriesWinning_andTheOldKeysGo() {
    Instant now = clock.instant();
    String oldCarddata = RedisKeys.legacyShardQueue(3, CARDDATA);
    template.opsForZSet().add(oldCarddata, "19", score(now.plusSeconds(60)));
    template.opsForZSet().add(oldCarddata, "35", score(now.plusSeconds(120)));
    template.opsForZSet().add(RedisKeys.legacyShardQueue(0, PROTECT), "16", score(now));
    // A status change applied by the new version already: it made card 35 due now.
    queues.requeue(35, CARDDATA, now);

    LegacyQueueKeys.Moved moved = legacy.moveAll(() -> true);

    assertThat(moved).isEqualTo(new LegacyQueueKeys.Moved(3, 0));
    assertThat(template.hasKey(oldCarddata)).isFalse();
    assertThat(template.keys("polling:shard:*"))
        .containsExactlyInAnyOrder(
            RedisKeys.shardQueue(3, CARDDATA), RedisKeys.shardQueue(0, PROTECT));
    assertThat(scoreOf(RedisKeys.shardQueue(3, CARDDATA), "19")).isEqualTo(now.plusSeconds(60));
    assertThat(scoreOf(RedisKeys.shardQueue(3, CARDDATA), "35")).isEqualTo(now);
    assertThat(queues.dequeueReady(0, PROTECT, 10))
        .extracting(CardEntry::cardId)
        .containsExactly(16L);
  }

  @Test
  void aQueueLargerThanOneChunk_movesWhole() {
    String old = RedisKeys.legacyShardQueue(5, CARDDATA);
    Set<TypedTuple<String>> entries = new HashSet<>();
    for (long n = 0; n < 25_000; n++) {
      entries.add(TypedTuple.of(Long.toString(n * 16 + 5), 1_000.0 + n));
    }
    template.opsForZSet().add(old, entries);

    assertThat(legacy.moveAll(() -> true).queueEntries()).isEqualTo(25_000);

    assertThat(template.hasKey(old)).isFalse();
    assertThat(queues.getQueueDepth(5, CARDDATA)).isEqualTo(25_000);
    assertThat(scoreOf(RedisKeys.shardQueue(5, CARDDATA), Long.toString(24_999 * 16 + 5)))
        .isEqualTo(Instant.ofEpochSecond(1_000 + 24_999));
  }

  @Test
  void triggersOfTheOldList_moveIntoTheTriggerSet_dueNow_andAreTakenOnce_garbageDropped() {
    template.opsForList().rightPushAll(RedisKeys.legacyManualList(CARDDATA), "21", "x", "22", "21");
    ManualTriggerQueue manual = queues.manualTriggers();
    clock.advance(Duration.ofSeconds(-5));
    manual.enqueue(22, CARDDATA); // asked again under the new version, earlier: keeps its time
    clock.advance(Duration.ofSeconds(5));

    assertThat(legacy.moveAll(() -> true).manualTriggers()).isEqualTo(4);

    assertThat(template.hasKey(RedisKeys.legacyManualList(CARDDATA))).isFalse();
    List<CardEntry> taken = manual.take(CARDDATA, 10);
    assertThat(taken).extracting(CardEntry::cardId).containsExactly(22L, 21L);
    assertThat(taken.get(0).dueAt()).isEqualTo(clock.instant().minusSeconds(5));
    assertThat(taken.get(1).dueAt()).isEqualTo(clock.instant());
    manual.published(CARDDATA, taken);
    assertThat(manual.length(CARDDATA)).isZero();
  }

  @Test
  void triggersOfTheUntaggedSet_moveIn_keepingTheEarlierTime() {
    Instant earlier = clock.instant().minusSeconds(30);
    String untagged = RedisKeys.legacyManualTriggers(CARDDATA);
    template.opsForZSet().add(untagged, "31", earlier.getEpochSecond());
    template.opsForZSet().add(untagged, "32", earlier.getEpochSecond());
    queues.manualTriggers().enqueue(32, CARDDATA);

    assertThat(legacy.moveAll(() -> true).manualTriggers()).isEqualTo(2);

    assertThat(template.hasKey(untagged)).isFalse();
    List<CardEntry> taken = queues.manualTriggers().take(CARDDATA, 10);
    assertThat(taken).extracting(CardEntry::cardId).containsExactlyInAnyOrder(31L, 32L);
    assertThat(taken).extracting(CardEntry::dueAt).containsOnly(earlier);
  }

  @Test
  void nothingLeftToMove_movesNothing_andTouchesNoTodaysKey() {
    queues.requeue(7, CARDDATA, clock.instant().plusSeconds(30));
    queues.manualTriggers().enqueue(7, CARDDATA);

    assertThat(legacy.moveAll(() -> true).any()).isFalse();
    assertThat(legacy.moveAll(() -> true).any()).isFalse();

    assertThat(scoreOf(RedisKeys.shardQueue(7, CARDDATA), "7"))
        .isEqualTo(clock.instant().plusSeconds(30));
    assertThat(queues.manualTriggers().length(CARDDATA)).isEqualTo(1);
  }

  private static double score(Instant at) {
    return at.toEpochMilli() / 1000.0;
  }

  private Instant scoreOf(String key, String member) {
    Double score = template.opsForZSet().score(key, member);
    return score == null ? null : Instant.ofEpochMilli(Math.round(score * 1000));
  }
}
