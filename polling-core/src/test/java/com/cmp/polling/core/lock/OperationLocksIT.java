package com.cmp.polling.core.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import com.cmp.polling.testsupport.logging.CapturedLogs;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class OperationLocksIT {

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = SettableClock.atNow();
  private final OperationLocks locks = new OperationLocks(redis.template(), clock);

  @BeforeEach
  void emptyRedis() {
    redis.flush();
  }

  @Test
  void aHeldLock_cannotBeTakenAgain_untilItsOwnerReleasesIt() {
    Optional<HeldLock> first =
        locks.tryAcquire("polling:device:op_lock:10", Duration.ofSeconds(30));
    assertThat(first).isPresent();
    assertThat(locks.tryAcquire("polling:device:op_lock:10", Duration.ofSeconds(30))).isEmpty();

    first.get().close();

    assertThat(redis.template().hasKey("polling:device:op_lock:10")).isFalse();
    assertThat(locks.tryAcquire("polling:device:op_lock:10", Duration.ofSeconds(30))).isPresent();
  }

  @Test
  void lock_carriesItsTtl_soADeadOwnerFreesItInTime() {
    locks.tryAcquire("polling:device:op_lock:11", Duration.ofSeconds(30));

    Long ttlMillis =
        redis
            .template()
            .getExpire("polling:device:op_lock:11", java.util.concurrent.TimeUnit.MILLISECONDS);
    assertThat(ttlMillis).isBetween(25_000L, 30_000L);
  }

  @Test
  void anOwnerWhoseLockExpired_doesNotReleaseTheNextOwnersLock() {
    HeldLock stale =
        locks.tryAcquire("polling:device:op_lock:12", Duration.ofSeconds(30)).orElseThrow();
    // The TTL ran out and another process took the lock.
    redis.template().delete("polling:device:op_lock:12");
    var otherProcess = new OperationLocks(redis.template(), clock);
    HeldLock current =
        otherProcess.tryAcquire("polling:device:op_lock:12", Duration.ofSeconds(30)).orElseThrow();

    try (CapturedLogs logs = CapturedLogs.of(OperationLocks.class)) {
      stale.close();

      assertThat(logs.messages(Level.WARN))
          .singleElement()
          .asString()
          .contains("expired before its owner released it");
    }
    assertThat(redis.template().hasKey("polling:device:op_lock:12")).isTrue();
    current.close();
    assertThat(redis.template().hasKey("polling:device:op_lock:12")).isFalse();
  }

  @Test
  void extend_renewsTheTtlForItsOwner_only() {
    HeldLock lock =
        locks.tryAcquire("polling:device:op_lock:13", Duration.ofSeconds(30)).orElseThrow();
    redis.template().expire("polling:device:op_lock:13", Duration.ofSeconds(2));

    assertThat(lock.extend()).isTrue();
    assertThat(
            redis
                .template()
                .getExpire("polling:device:op_lock:13", java.util.concurrent.TimeUnit.MILLISECONDS))
        .isGreaterThan(25_000L);

    redis.template().opsForValue().set("polling:device:op_lock:13", "someone-else");
    assertThat(lock.extend()).isFalse();
  }

  @Test
  void acquire_waitsForTheHolder_andGivesUpAfterMaxWait() {
    HeldLock holder =
        locks.tryAcquire("polling:card:op_lock:5", Duration.ofSeconds(30)).orElseThrow();

    var realClockLocks = new OperationLocks(redis.template(), java.time.Clock.systemUTC());
    assertThat(
            realClockLocks.acquire(
                "polling:card:op_lock:5", Duration.ofSeconds(30), Duration.ofMillis(100)))
        .isEmpty();

    holder.close();
    assertThat(
            realClockLocks.acquire(
                "polling:card:op_lock:5", Duration.ofSeconds(30), Duration.ofMillis(100)))
        .isPresent();
  }

  @Test
  void aLockHeldByAnotherProcess_isRefusedHere_untilThatProcessReleasesIt() {
    var otherProcess = new OperationLocks(redis.template(), clock);
    HeldLock theirs =
        otherProcess.tryAcquire("polling:device:op_lock:14", Duration.ofSeconds(30)).orElseThrow();

    assertThat(locks.tryAcquire("polling:device:op_lock:14", Duration.ofSeconds(30))).isEmpty();

    theirs.close();
    assertThat(locks.tryAcquire("polling:device:op_lock:14", Duration.ofSeconds(30))).isPresent();
  }

  @Test
  void aLockHeldByOneThread_isRefusedToAnotherThreadOfTheSameProcess() throws Exception {
    HeldLock mine =
        locks.tryAcquire("polling:card:op_lock:15", Duration.ofSeconds(30)).orElseThrow();

    Optional<HeldLock> fromAnotherThread =
        CompletableFuture.supplyAsync(
                () -> locks.tryAcquire("polling:card:op_lock:15", Duration.ofSeconds(30)))
            .get(10, TimeUnit.SECONDS);

    assertThat(fromAnotherThread).isEmpty();
    mine.close();
  }

  @Test
  void aLockClosedByAnInterruptedThread_isReleased_andTheThreadStaysInterrupted() throws Exception {
    boolean[] stillInterrupted = new boolean[1];
    CompletableFuture.runAsync(
            () -> {
              HeldLock lock =
                  locks.tryAcquire("polling:init:lock", Duration.ofSeconds(30)).orElseThrow();
              Thread.currentThread().interrupt();
              lock.close();
              stillInterrupted[0] = Thread.interrupted();
            })
        .get(10, TimeUnit.SECONDS);

    assertThat(redis.template().hasKey("polling:init:lock")).isFalse();
    assertThat(stillInterrupted[0]).as("interrupt flag set again after the release").isTrue();
  }

  @Test
  void aKeyOutsideRedisKeys_isRefusedWithAClearError() {
    assertThatThrownBy(() -> locks.tryAcquire("device:op_lock:16", Duration.ofSeconds(30)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("lock key device:op_lock:16 is not one of RedisKeys' (polling:...)");
  }
}
