package com.cmp.polling.status.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.logging.CapturedLogs;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The hold-backs of every scheduler instance, in one list in Redis that any reader sees whole. */
class HoldBackHistoryIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS);

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void holdBacksOfTwoInstances_areReadByAThird_newestFirst_withEveryFigure() {
    HoldBackHistory first = new HoldBackHistory(redis.template());
    HoldBackHistory second = new HoldBackHistory(redis.template());

    first.add(holdBack(TaskType.CARDDATA, at, 1200));
    second.add(holdBack(TaskType.REALNAME, at.plusSeconds(5), 40));

    assertThat(new HoldBackHistory(redis.template()).recent())
        .containsExactly(
            holdBack(TaskType.REALNAME, at.plusSeconds(5), 40),
            holdBack(TaskType.CARDDATA, at, 1200));
  }

  @Test
  void theListKeepsTheNewestUpToItsCapacity() {
    HoldBackHistory history = new HoldBackHistory(redis.template());

    for (int i = 0; i < HoldBackHistory.CAPACITY + 10; i++) {
      history.add(holdBack(TaskType.PACKAGE, at.plusSeconds(i), i));
    }

    assertThat(history.recent()).hasSize(HoldBackHistory.CAPACITY);
    assertThat(history.recent().get(0).consumerLag()).isEqualTo(HoldBackHistory.CAPACITY + 9);
    assertThat(redis.template().opsForList().size(RedisKeys.HOLD_BACKS))
        .isEqualTo(HoldBackHistory.CAPACITY);
  }

  @Test
  void aHoldBackRedisRefuses_isLoggedAndNotThrown_soTheRoundGoesOn() {
    redis.template().opsForValue().set(RedisKeys.HOLD_BACKS, "not a list");
    HoldBackHistory history = new HoldBackHistory(redis.template());

    try (CapturedLogs logs = CapturedLogs.of(HoldBackHistory.class)) {
      history.add(holdBack(TaskType.CARDDATA, at, 1));

      assertThat(logs.messages(Level.WARN))
          .singleElement()
          .asString()
          .startsWith("lag_age hold-back of carddata not recorded: ");
    }
  }

  @Test
  void anEntryThatIsNotAHoldBack_isLeftOut() {
    HoldBackHistory history = new HoldBackHistory(redis.template());
    history.add(holdBack(TaskType.CARDDATA, at, 7));
    redis.template().opsForList().leftPush(RedisKeys.HOLD_BACKS, "{written by hand");

    assertThat(history.recent()).containsExactly(holdBack(TaskType.CARDDATA, at, 7));
  }

  private static HoldBack holdBack(TaskType type, Instant at, long lag) {
    return new HoldBack(
        at, type, "lag_age", "the oldest task is 90 s old (max-lag-age 60 s)", lag, 90, 300, 75);
  }
}
