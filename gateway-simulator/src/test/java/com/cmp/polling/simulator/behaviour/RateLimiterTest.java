package com.cmp.polling.simulator.behaviour;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T10:00:00Z"));
  private final RateLimiter limiter = new RateLimiter(clock);

  @Test
  void eachCarrier_hasItsOwnAllowance() {
    assertThat(admitted(1, 3, 5)).isEqualTo(3);
    assertThat(admitted(2, 3, 5)).isEqualTo(3);
  }

  @Test
  void allowance_refillsAsTheClockMoves() {
    admitted(1, 10, 10);

    clock.advance(Duration.ofMillis(500));

    assertThat(admitted(1, 10, 10)).isEqualTo(5);
  }

  @Test
  void changedLimit_startsWithAFullBucketOfTheNewSize() {
    admitted(1, 3, 3);

    assertThat(admitted(1, 5, 10)).isEqualTo(5);
  }

  @Test
  void sameLimitAgain_keepsTheUsedAllowance() {
    admitted(1, 3, 3);

    assertThat(admitted(1, 3, 3)).isZero();
  }

  @Test
  void reset_refillsEveryCarrier() {
    admitted(1, 3, 3);

    limiter.reset();

    assertThat(admitted(1, 3, 3)).isEqualTo(3);
  }

  private int admitted(long carrierId, int limit, int attempts) {
    int admitted = 0;
    for (int i = 0; i < attempts; i++) {
      admitted += limiter.tryAcquire(carrierId, limit).isEmpty() ? 1 : 0;
    }
    return admitted;
  }
}
