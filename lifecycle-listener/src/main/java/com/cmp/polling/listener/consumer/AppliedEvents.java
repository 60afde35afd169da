package com.cmp.polling.listener.consumer;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import java.time.Duration;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Remembers applied events that would not be harmless twice (a status change queues the card for an
 * immediate check), so that a redelivery is skipped (DBZ's {@code MessageLog}, in Redis beside the
 * queues). An event is identified by its type, key and position in the database log; one without a
 * position cannot be recognised and is applied again.
 */
class AppliedEvents {

  private final StringRedisTemplate redis;
  private final Duration ttl;

  AppliedEvents(StringRedisTemplate redis, Duration ttl) {
    this.redis = redis;
    this.ttl = ttl;
  }

  boolean alreadyApplied(LifecycleEvent event) {
    return event.sourcePosition() != null && Boolean.TRUE.equals(redis.hasKey(key(event)));
  }

  void markApplied(LifecycleEvent event) {
    if (event.sourcePosition() != null) {
      redis.opsForValue().set(key(event), "1", ttl);
    }
  }

  private static String key(LifecycleEvent event) {
    return RedisKeys.lifecycleApplied(
        event.type().code() + ":" + event.key() + ":" + event.sourcePosition());
  }
}
