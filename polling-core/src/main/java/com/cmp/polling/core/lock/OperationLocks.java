package com.cmp.polling.core.lock;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.integration.redis.util.RedisLockRegistry;
import org.springframework.integration.support.locks.DistributedLock;

/**
 * Redis locks shared by every process (seed 004 decision 14), held through Spring Integration's
 * {@link RedisLockRegistry}: a lock is the Redis key, holding this process's id with a TTL; it is
 * released or renewed only while it still holds that id, so a process never releases a lock it no
 * longer owns, and the TTL frees a lock whose owner died. The Redis keys are those of {@code
 * RedisKeys} unchanged: the registry is rooted at their {@value #ROOT} prefix.
 *
 * <p>Measured against the hand-written locks (SET NX PX, Lua compare-and-delete) it replaced:
 * taking and releasing a device lock costs the same within the error of a busy 2-core machine (two
 * Redis round trips each): hand-written 172 and 169 µs in two runs, the registry 166 and 248 µs,
 * this class on the registry 217 µs (errors ± 140–560 µs), JMH {@code OperationLockBenchmark} in
 * the benchmarks module (docs/benchmarks.md, "Hand-written pieces against libraries").
 *
 * <p>Unlike the registry's own locks these are not re-entrant: a thread asking again for a lock it
 * holds is refused, as any other asker is. A lock is released by the thread that took it (the
 * callers use try-with-resources).
 */
public class OperationLocks {

  private static final Logger log = LoggerFactory.getLogger(OperationLocks.class);

  /** Every lock key starts with it; the registry adds it back in front of the rest. */
  static final String ROOT = "polling";

  private static final Duration POLL = Duration.ofMillis(20);
  private static final Duration DEFAULT_TTL = Duration.ofSeconds(60);

  private final RedisLockRegistry registry;
  private final Clock clock;
  private final Map<String, Thread> owners = new ConcurrentHashMap<>();

  public OperationLocks(StringRedisTemplate redis, Clock clock) {
    this.registry =
        new RedisLockRegistry(
            Objects.requireNonNull(redis.getConnectionFactory(), "Redis connection factory"),
            ROOT,
            DEFAULT_TTL);
    // The spin lock (the default) polls while it waits: as often as the hand-written one did.
    registry.setIdleBetweenTries(POLL);
    this.clock = clock;
  }

  /** Takes the lock if nobody holds it. */
  public Optional<HeldLock> tryAcquire(String key, Duration ttl) {
    return take(key, ttl, Duration.ZERO);
  }

  /** Waits up to {@code maxWait} for the lock; empty when it stayed taken. */
  public Optional<HeldLock> acquire(String key, Duration ttl, Duration maxWait) {
    return take(key, ttl, maxWait);
  }

  private Optional<HeldLock> take(String key, Duration ttl, Duration maxWait) {
    String path = path(key);
    if (owners.get(key) == Thread.currentThread()) {
      return Optional.empty();
    }
    DistributedLock lock = registry.obtain(path);
    try {
      if (!lock.tryLock(maxWait, ttl)) {
        return Optional.empty();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
    owners.put(key, Thread.currentThread());
    return Optional.of(new HeldLock(this, key, lock, clock.instant(), ttl));
  }

  /** Gives the lock a full TTL again; false when it is no longer ours. */
  boolean extend(HeldLock lock) {
    try {
      registry.renewLock(path(lock.key()), lock.ttl());
      return true;
    } catch (IllegalStateException e) {
      // The registry's word for "not yours any more": expired, perhaps taken by someone else.
      return false;
    }
  }

  void release(HeldLock lock) {
    owners.remove(lock.key(), Thread.currentThread());
    try {
      lock.lock().unlock();
    } catch (java.util.ConcurrentModificationException e) {
      // The TTL ran out while we worked: someone else may have acted at the same time.
      log.warn(
          "lock {} expired before its owner released it (held {} ms, ttl {} ms)",
          lock.key(),
          Duration.between(lock.takenAt(), clock.instant()).toMillis(),
          lock.ttl().toMillis());
    }
  }

  private static String path(String key) {
    if (!key.startsWith(ROOT + ":")) {
      throw new IllegalArgumentException(
          "lock key " + key + " is not one of RedisKeys' (" + ROOT + ":...)");
    }
    return key.substring(ROOT.length() + 1);
  }
}
