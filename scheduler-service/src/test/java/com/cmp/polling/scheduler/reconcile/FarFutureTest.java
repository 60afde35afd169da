package com.cmp.polling.scheduler.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.config.PollingConfigStore;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The far-future horizon counts the longest wait the planner may choose beyond the configs'
 * intervals: an idle card the usage-aware carddata intervals put a day ahead is not "far off".
 */
class FarFutureTest {

  static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

  final SettableClock clock = new SettableClock(NOW);
  // Never refreshed: no config, so the lease and the planned wait set the horizon.
  final PollingConfigManager noConfigs =
      new PollingConfigManager(new PollingConfigStore(null), new StringRedisTemplate(), clock);

  @Test
  void theLongestPlannedWait_movesTheHorizon_whenLongerThanAnyInterval() {
    FarFuture usageAware =
        new FarFuture(noConfigs, Duration.ofMinutes(5), Duration.ofHours(24), clock);
    FarFuture fixed = new FarFuture(noConfigs, Duration.ofMinutes(5), Duration.ZERO, clock);

    usageAware.beginPass();
    fixed.beginPass();

    assertThat(usageAware.horizon()).isEqualTo(NOW.plus(Duration.ofHours(48)).plusSeconds(60));
    assertThat(fixed.horizon()).isEqualTo(NOW.plus(Duration.ofMinutes(10)).plusSeconds(60));
  }

  @Test
  void aBudgetsStretch_movesTheHorizonAsFar_soStretchedChecksAreNotFarOff() {
    FarFuture stretched =
        new FarFuture(noConfigs, Duration.ofMinutes(5), Duration.ofHours(24), () -> 3.5, clock);

    stretched.beginPass();

    assertThat(stretched.horizon()).isEqualTo(NOW.plus(Duration.ofHours(168)).plusSeconds(60));
  }
}
