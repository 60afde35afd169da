package com.cmp.polling.scheduler.initializer;

import com.cmp.polling.autoconfigure.PollingProperties;
import com.cmp.polling.core.lock.HeldLock;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.queue.LegacyQueueKeys;
import com.cmp.polling.core.queue.QueueSettings;
import com.cmp.polling.core.redis.RedisKeys;
import java.time.Clock;
import java.util.Optional;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * The upgrade step of a new version, run once by the initializer before it looks at the queues:
 * what Redis still holds under the key names of earlier versions moves into today's keys ({@link
 * LegacyQueueKeys}), under the initializer's lock so that two schedulers starting together do not
 * both copy the queues.
 */
@Component
class LegacyKeysMove {

  private final LegacyQueueKeys legacyKeys;
  private final OperationLocks locks;

  LegacyKeysMove(
      StringRedisTemplate redis, PollingProperties properties, OperationLocks locks, Clock clock) {
    this.legacyKeys =
        new LegacyQueueKeys(
            redis,
            new QueueSettings(properties.queue().shardCount(), properties.queue().lease()),
            clock);
    this.locks = locks;
  }

  /** True once done here; false when another instance held the lock (try again later). */
  boolean moveUnderLock() {
    Optional<HeldLock> lock = locks.tryAcquire(RedisKeys.INIT_LOCK, CardInitializer.LOCK_TTL);
    if (lock.isEmpty()) {
      return false;
    }
    try (HeldLock held = lock.get()) {
      legacyKeys.moveAll(held::extend);
      return true;
    }
  }
}
