package com.cmp.polling.core.queue;

import static com.cmp.polling.schemas.task.TaskType.CARDDATA;
import static com.cmp.polling.schemas.task.TaskType.PACKAGE;
import static com.cmp.polling.schemas.task.TaskType.REALNAME;
import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Manual triggers are taken as a lease and removed only once their task was published: nothing
 * taken is lost, a card triggered twice is checked once, and a trigger arriving while the previous
 * one is being published survives it.
 */
class ManualTriggerQueueIT {

  private static final Duration LEASE = Duration.ofMinutes(5);
  private static final String TRIGGERS = "polling:manual:due:{polling:manual:carddata}";

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final PollingQueueManager queues =
      new PollingQueueManager(redis.template(), new QueueSettings(16, LEASE), clock);
  private final ManualTriggerQueue manual = queues.manualTriggers();
  private final StringRedisTemplate template = redis.template();

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void trigger_goesToTheTriggerSet_atItsTime_andLeavesTheShardQueueAlone() {
    Instant scheduled = clock.instant().plus(Duration.ofMinutes(25));
    queues.requeue(200, CARDDATA, scheduled);

    manual.enqueue(200, CARDDATA);

    assertThat(template.opsForZSet().score(TRIGGERS, "200"))
        .isEqualTo(clock.instant().getEpochSecond());
    assertThat(manual.length(CARDDATA)).isEqualTo(1);
    assertThat(template.opsForZSet().score(RedisKeys.shardQueue(8, CARDDATA), "200"))
        .isEqualTo(scheduled.getEpochSecond());
  }

  @Test
  void take_handsOutAtMostMax_oldestTriggerFirst_leasedNotRemoved() {
    for (long card : List.of(3L, 1L, 2L)) {
      manual.enqueue(card, REALNAME);
      clock.advance(Duration.ofMillis(1));
    }

    List<CardEntry> first = manual.take(REALNAME, 2);

    assertThat(first).extracting(CardEntry::cardId).containsExactly(3L, 1L);
    assertThat(first.get(0).dueAt()).isEqualTo(Instant.parse("2026-11-29T12:00:00Z"));
    assertThat(first.get(0).leaseUntil()).isEqualTo(clock.instant().plus(LEASE));
    assertThat(manual.take(REALNAME, 2)).extracting(CardEntry::cardId).containsExactly(2L);
    assertThat(manual.take(REALNAME, 2)).isEmpty();
    // Leased, still there until published.
    assertThat(manual.length(REALNAME)).isEqualTo(3);
  }

  @Test
  void published_removesTheTriggers_forGood() {
    manual.enqueue(7, CARDDATA);
    List<CardEntry> taken = manual.take(CARDDATA, 10);

    manual.published(CARDDATA, taken);

    assertThat(manual.length(CARDDATA)).isZero();
    clock.advance(LEASE.multipliedBy(2));
    assertThat(manual.take(CARDDATA, 10)).isEmpty();
  }

  @Test
  void triggerTakenAndNeverPublished_comesBack_whenItsLeaseEnds() {
    manual.enqueue(8, CARDDATA);
    assertThat(manual.take(CARDDATA, 10)).hasSize(1);
    // The scheduler died before Kafka answered: nobody settles the trigger.

    clock.advance(LEASE.minusSeconds(1));
    assertThat(manual.take(CARDDATA, 10)).isEmpty();
    clock.advance(Duration.ofSeconds(1));
    assertThat(manual.take(CARDDATA, 10)).extracting(CardEntry::cardId).containsExactly(8L);
  }

  @Test
  void notPublished_makesTheTriggersDueAtOnce() {
    manual.enqueue(9, CARDDATA);
    List<CardEntry> taken = manual.take(CARDDATA, 10);

    manual.notPublished(CARDDATA, taken);

    assertThat(manual.take(CARDDATA, 10)).extracting(CardEntry::cardId).containsExactly(9L);
  }

  @Test
  void cardTriggeredTwiceBeforeItsTriggerIsTaken_isTakenOnce_atItsFirstTime() {
    Instant firstTrigger = clock.instant();
    manual.enqueue(10, CARDDATA);
    clock.advance(Duration.ofSeconds(3));
    manual.enqueue(10, CARDDATA);

    List<CardEntry> taken = manual.take(CARDDATA, 10);

    assertThat(taken).hasSize(1);
    assertThat(taken.get(0).dueAt()).isEqualTo(firstTrigger);
  }

  @Test
  void triggerArrivingWhileThePreviousIsBeingPublished_survivesItsRemoval() {
    manual.enqueue(11, CARDDATA);
    List<CardEntry> taken = manual.take(CARDDATA, 10);
    clock.advance(Duration.ofSeconds(1));
    manual.enqueue(11, CARDDATA); // the operator asks again while the task is on its way

    manual.published(CARDDATA, taken);
    manual.notPublished(CARDDATA, taken); // neither settlement touches the new trigger

    assertThat(manual.take(CARDDATA, 10))
        .singleElement()
        .satisfies(e -> assertThat(e.dueAt()).isEqualTo(clock.instant()));
  }

  @Test
  void takeAll_takesEveryTypeInOneCall_eachFromItsOwnSet() {
    manual.enqueue(1, CARDDATA);
    manual.enqueue(2, REALNAME);
    manual.enqueue(3, REALNAME);

    var taken = manual.takeAll(List.of(CARDDATA, REALNAME, PACKAGE), 10);

    assertThat(taken.get(CARDDATA)).extracting(CardEntry::cardId).containsExactly(1L);
    assertThat(taken.get(REALNAME)).extracting(CardEntry::cardId).containsExactly(2L, 3L);
    assertThat(taken.get(PACKAGE)).isEmpty();
    assertThat(manual.takeAll(List.of(CARDDATA, REALNAME), 10).values())
        .allSatisfy(none -> assertThat(none).isEmpty());
  }
}
