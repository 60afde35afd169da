package com.cmp.polling.handlers.base;

import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.handlers.config.HandlersProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * How many checks of a task type run at once in all handler instances together (seed:
 * acquireConcurrency): a Redis semaphore whose permits expire, so a dead holder frees its permit.
 */
@Component
class CheckPermits {

  private static final RedisScript<Long> ACQUIRE =
      LuaScripts.load(
          "com/cmp/polling/handlers/base/scripts/acquire_check_permits.lua", Long.class);
  private static final Logger log = LoggerFactory.getLogger(CheckPermits.class);
  private static final long POLL_NANOS = Duration.ofMillis(10).toNanos();

  // Permit ids: this process's random prefix and a counter (UUID.randomUUID per check went through
  // SecureRandom, a lock shared by every worker).
  private final String idPrefix = UUID.randomUUID() + ":";
  private final AtomicLong nextId = new AtomicLong();
  private final StringRedisTemplate redis;
  private final HandlersProperties settings;

  CheckPermits(StringRedisTemplate redis, HandlersProperties settings) {
    this.redis = redis;
    this.settings = settings;
  }

  /**
   * Up to {@code wanted} permits in one script call, waiting up to the configured time while none
   * is free; the permit returned holds between 0 (all stayed in use) and {@code wanted}.
   */
  Permit acquireUpTo(TaskType type, int wanted) {
    String key = RedisKeys.concurrency(type);
    String prefix = idPrefix + nextId.incrementAndGet() + ":";
    long deadline = System.nanoTime() + settings.permitWait().toNanos();
    while (true) {
      Long taken =
          redis.execute(
              ACQUIRE,
              List.of(key),
              Integer.toString(settings.maxInFlightPerType()),
              Long.toString(settings.permitTtl().toMillis()),
              prefix,
              Integer.toString(wanted));
      if (taken != null && taken > 0) {
        return new Permit(key, prefix, taken.intValue(), true);
      }
      if (System.nanoTime() >= deadline) {
        return new Permit(key, prefix, 0, true);
      }
      LockSupport.parkNanos(POLL_NANOS);
    }
  }

  /**
   * Room for {@code count} checks that take none of the shared permits (manual checks: an
   * operator's check never waits for them); closing gives nothing back.
   */
  Permit unshared(TaskType type, int count) {
    return new Permit(RedisKeys.concurrency(type), idPrefix, count, false);
  }

  /** Permits taken together; closing gives them all back. */
  final class Permit implements AutoCloseable {
    private final String key;
    private final String prefix;
    private final int count;
    private final boolean shared;

    private Permit(String key, String prefix, int count, boolean shared) {
      this.key = key;
      this.prefix = prefix;
      this.count = count;
      this.shared = shared;
    }

    /** How many checks these permits allow. */
    int count() {
      return count;
    }

    /** Gives the permits back; if Redis cannot be told, they expire after their lifetime. */
    @Override
    public void close() {
      if (count == 0 || !shared) {
        return;
      }
      Object[] ids = new Object[count];
      for (int i = 0; i < count; i++) {
        ids[i] = prefix + (i + 1);
      }
      try {
        redis.opsForZSet().remove(key, ids);
      } catch (RuntimeException e) {
        log.warn(
            "{} permits of {} not given back ({}); they expire within {}",
            count,
            key,
            e.getMessage(),
            settings.permitTtl());
      }
    }
  }
}
