package com.cmp.polling.listener.cdc;

import com.cmp.polling.core.redis.RedisKeys;
import java.time.Clock;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Records in {@code polling:cdc:slot-created} that the engine is about to create its replication
 * slot, with the time. A new slot streams the changes committed after it exists; whatever was
 * committed since the old slot's last change (or ever, for the first) never goes through the change
 * stream. The queue reconciler reads the record and runs a full pass when it changed.
 */
public class SlotCreations {

  private final StringRedisTemplate redis;
  private final Clock clock;

  public SlotCreations(StringRedisTemplate redis, Clock clock) {
    this.redis = redis;
    this.clock = clock;
  }

  void record() {
    redis.opsForValue().set(RedisKeys.CDC_SLOT_CREATED, clock.instant().toString());
  }
}
