package com.cmp.polling.listener.consumer;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.data.redis.connection.RedisStringCommands;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.types.Expiration;

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

  /** The events not applied yet, in their order: one pipelined EXISTS for all of them. */
  List<LifecycleEvent> notYetApplied(List<LifecycleEvent> events) {
    List<LifecycleEvent> known =
        events.stream().filter(event -> event.sourcePosition() != null).toList();
    List<Object> exists =
        known.isEmpty()
            ? List.of()
            : redis.executePipelined(
                (RedisCallback<Object>)
                    connection -> {
                      known.forEach(event -> connection.keyCommands().exists(bytes(key(event))));
                      return null;
                    });
    Set<LifecycleEvent> applied = new HashSet<>();
    for (int i = 0; i < known.size(); i++) {
      if (Boolean.TRUE.equals(exists.get(i))) {
        applied.add(known.get(i));
      }
    }
    return events.stream().filter(event -> !applied.contains(event)).toList();
  }

  /** Remembers the events as applied (those with a log position), in one pipeline. */
  void markAllApplied(List<LifecycleEvent> events) {
    List<LifecycleEvent> known =
        events.stream().filter(event -> event.sourcePosition() != null).toList();
    if (known.isEmpty()) {
      return;
    }
    byte[] one = bytes("1");
    redis.executePipelined(
        (RedisCallback<Object>)
            connection -> {
              known.forEach(
                  event ->
                      connection
                          .stringCommands()
                          .set(
                              bytes(key(event)),
                              one,
                              Expiration.from(ttl),
                              RedisStringCommands.SetOption.upsert()));
              return null;
            });
  }

  private static byte[] bytes(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }

  private static String key(LifecycleEvent event) {
    return RedisKeys.lifecycleApplied(
        event.type().code() + ":" + event.key() + ":" + event.sourcePosition());
  }
}
