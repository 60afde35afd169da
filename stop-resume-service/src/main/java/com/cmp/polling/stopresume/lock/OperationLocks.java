package com.cmp.polling.stopresume.lock;

import com.cmp.polling.core.redis.LuaScripts;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Redis locks shared by every process (seed 004 decision 14): {@code SET key token NX PX ttl} to
 * take, compare-and-delete by token to release, so a process never releases a lock it no longer
 * owns. The TTL frees a lock whose owner died.
 */
public class OperationLocks {

  private static final Logger log = LoggerFactory.getLogger(OperationLocks.class);
  private static final RedisScript<Long> RELEASE =
      LuaScripts.load("com/cmp/polling/stopresume/lock/scripts/release_lock.lua", Long.class);
  private static final RedisScript<Long> EXTEND =
      LuaScripts.load("com/cmp/polling/stopresume/lock/scripts/extend_lock.lua", Long.class);
  private static final Duration POLL = Duration.ofMillis(20);

  private final StringRedisTemplate redis;
  private final Clock clock;

  public OperationLocks(StringRedisTemplate redis, Clock clock) {
    this.redis = redis;
    this.clock = clock;
  }

  /** Takes the lock if nobody holds it. */
  public Optional<HeldLock> tryAcquire(String key, Duration ttl) {
    String token = UUID.randomUUID().toString();
    Boolean taken = redis.opsForValue().setIfAbsent(key, token, ttl);
    return Boolean.TRUE.equals(taken)
        ? Optional.of(new HeldLock(this, key, token, clock.instant(), ttl))
        : Optional.empty();
  }

  /** Waits up to {@code maxWait} for the lock; empty when it stayed taken. */
  public Optional<HeldLock> acquire(String key, Duration ttl, Duration maxWait) {
    Instant deadline = clock.instant().plus(maxWait);
    while (true) {
      Optional<HeldLock> lock = tryAcquire(key, ttl);
      if (lock.isPresent() || !clock.instant().isBefore(deadline)) {
        return lock;
      }
      LockSupport.parkNanos(POLL.toNanos());
      if (Thread.currentThread().isInterrupted()) {
        return Optional.empty();
      }
    }
  }

  /** Gives the lock a full TTL again; false when it is no longer ours. */
  boolean extend(HeldLock lock) {
    Long extended =
        redis.execute(
            EXTEND, List.of(lock.key()), lock.token(), Long.toString(lock.ttl().toMillis()));
    return extended != null && extended == 1;
  }

  void release(HeldLock lock) {
    Long released = redis.execute(RELEASE, List.of(lock.key()), lock.token());
    Duration held = Duration.between(lock.takenAt(), clock.instant());
    if (released == null || released == 0) {
      // The TTL ran out while we worked: someone else may have acted at the same time.
      log.warn(
          "lock {} expired before its owner released it (held {} ms, ttl {} ms)",
          lock.key(),
          held.toMillis(),
          lock.ttl().toMillis());
    }
  }
}
