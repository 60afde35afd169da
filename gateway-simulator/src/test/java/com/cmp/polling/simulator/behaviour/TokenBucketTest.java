package com.cmp.polling.simulator.behaviour;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TokenBucketTest {

  private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");

  @Test
  void fullBucket_admitsABurstOfTheLimit_thenRefusesTheNext() {
    TokenBucket bucket = new TokenBucket(50, T0);

    assertThat(admitted(bucket, T0, 50)).isEqualTo(50);
    assertThat(bucket.tryTake(T0)).isPresent();
  }

  @Test
  void refusal_saysHowLongUntilTheNextToken() {
    TokenBucket bucket = new TokenBucket(50, T0);
    admitted(bucket, T0, 50);

    assertThat(bucket.tryTake(T0)).contains(Duration.ofMillis(20));
    assertThat(bucket.tryTake(T0.plusMillis(15))).contains(Duration.ofMillis(5));
  }

  @Test
  void tokens_comeBackInProportionToElapsedTime() {
    TokenBucket bucket = new TokenBucket(50, T0);
    admitted(bucket, T0, 50);

    Instant later = T0.plusMillis(100);
    assertThat(admitted(bucket, later, 10)).isEqualTo(5);
  }

  @Test
  void idleBucket_neverHoldsMoreThanTheLimit() {
    TokenBucket bucket = new TokenBucket(50, T0);

    Instant muchLater = T0.plus(Duration.ofDays(400));
    assertThat(admitted(bucket, muchLater, 100)).isEqualTo(50);
  }

  @Test
  void clientPacedAtExactlyTheLimit_isNeverRefused() {
    TokenBucket bucket = new TokenBucket(50, T0);

    int refused = 0;
    for (int i = 0; i < 2_000; i++) {
      refused += bucket.tryTake(T0.plusMillis(20L * i)).isPresent() ? 1 : 0;
    }

    assertThat(refused).isZero();
  }

  @Test
  void clientAtTheLimitWithUnevenSpacing_isNeverRefused() {
    TokenBucket bucket = new TokenBucket(50, T0);

    int refused = 0;
    Instant at = T0;
    for (int i = 0; i < 2_000; i++) {
      refused += bucket.tryTake(at).isPresent() ? 1 : 0;
      // 5, 35, 5, 35… ms apart: 50 per second on average, in uneven pairs.
      at = at.plusMillis(i % 2 == 0 ? 5 : 35);
    }

    assertThat(refused).isZero();
  }

  @Test
  void clientAtTwiceTheLimit_getsTheBurstPlusTheLimitPerSecond() {
    TokenBucket bucket = new TokenBucket(50, T0);

    int admitted = 0;
    for (int i = 0; i < 1_000; i++) {
      admitted += bucket.tryTake(T0.plusMillis(10L * i)).isEmpty() ? 1 : 0;
    }

    // 10 seconds at 100/s: the first 50 from the full bucket, then 50 a second.
    assertThat(admitted).isBetween(548, 551);
  }

  @Test
  void clockReadEarlierByAnotherThread_addsNothing() {
    TokenBucket bucket = new TokenBucket(1, T0.plusSeconds(1));

    assertThat(bucket.tryTake(T0.plusSeconds(1))).isEmpty();
    assertThat(bucket.tryTake(T0)).isPresent();
  }

  @Test
  void limitBelowOne_isRefused() {
    assertThatThrownBy(() -> new TokenBucket(0, T0)).isInstanceOf(IllegalArgumentException.class);
  }

  private static int admitted(TokenBucket bucket, Instant at, int attempts) {
    int admitted = 0;
    for (int i = 0; i < attempts; i++) {
      admitted += bucket.tryTake(at).isEmpty() ? 1 : 0;
    }
    return admitted;
  }
}
