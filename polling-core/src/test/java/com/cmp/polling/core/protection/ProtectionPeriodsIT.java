package com.cmp.polling.core.protection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ProtectionPeriodsIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = SettableClock.atNow();
  private final ProtectionPeriods periods = new ProtectionPeriods(redis.template(), clock);

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void protect_writesTheDesiredStateWithItsTtl_andIndexesTheCard() {
    periods.protect(42, DesiredState.STOPPED, Duration.ofHours(2));

    assertThat(redis.template().opsForValue().get("polling:protect:42")).isEqualTo("stop");
    assertThat(periods.remaining(42).orElseThrow())
        .isBetween(Duration.ofMinutes(119), Duration.ofHours(2));
    assertThat(periods.desiredState(42)).contains(DesiredState.STOPPED);
    assertThat(periods.isProtected(42)).isTrue();
    assertThat(redis.template().opsForZSet().score(RedisKeys.PROTECTION_INDEX, "42"))
        .isEqualTo((double) clock.instant().getEpochSecond() + 7200);
  }

  @Test
  void protectedAmong_findsTheProtectedCardsOfAPage_inOneQuery_notThoseWhosePeriodEnded() {
    periods.protect(1, DesiredState.ONLINE, Duration.ofHours(1));
    periods.protect(2, DesiredState.STOPPED, Duration.ofMinutes(5));
    periods.protect(3, DesiredState.STOPPED, Duration.ofHours(1));

    assertThat(periods.protectedAmong(Set.of(1L, 2L, 4L))).containsExactlyInAnyOrder(1L, 2L);

    clock.advance(Duration.ofMinutes(6));
    assertThat(periods.protectedAmong(Set.of(1L, 2L, 3L))).containsExactlyInAnyOrder(1L, 3L);
  }

  @Test
  void end_removesTheKeyAndTheIndexEntry() {
    periods.protect(7, DesiredState.ONLINE, Duration.ofHours(1));

    periods.end(7);

    assertThat(periods.isProtected(7)).isFalse();
    assertThat(periods.protectedAmong(Set.of(7L))).isEmpty();
  }

  @Test
  void badValue_protectsButEnforcesNothing_andNonPositivePeriodsAreRefused() {
    redis.template().opsForValue().set("polling:protect:9", "maybe");

    assertThat(periods.isProtected(9)).isTrue();
    assertThat(periods.desiredState(9)).isEmpty();
    assertThatThrownBy(() -> periods.protect(9, DesiredState.ONLINE, Duration.ZERO))
        .hasMessageContaining("must be positive");
  }
}
