package com.cmp.polling.handlers.base;

import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.handlers.config.HandlersProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
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
      LuaScripts.load("com/cmp/polling/handlers/base/scripts/acquire_check_permit.lua", Long.class);
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

  /** A permit, waiting up to the configured time for one; empty when all stayed in use. */
  Optional<Permit> acquire(TaskType type) {
    String key = RedisKeys.concurrency(type);
    String id = idPrefix + nextId.incrementAndGet();
    long deadline = System.nanoTime() + settings.permitWait().toNanos();
    while (true) {
      Long taken =
          redis.execute(
              ACQUIRE,
              List.of(key),
              Integer.toString(settings.maxInFlightPerType()),
              id,
              Long.toString(settings.permitTtl().toMillis()));
      if (taken != null && taken == 1) {
        return Optional.of(new Permit(key, id));
      }
      if (System.nanoTime() >= deadline) {
        return Optional.empty();
      }
      LockSupport.parkNanos(POLL_NANOS);
    }
  }

  /** A taken permit; closing gives it back. */
  final class Permit implements AutoCloseable {
    private final String key;
    private final String id;

    private Permit(String key, String id) {
      this.key = key;
      this.id = id;
    }

    @Override
    public void close() {
      redis.opsForZSet().remove(key, id);
    }
  }
}
