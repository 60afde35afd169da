package com.cmp.polling.operator.deadletter;

import com.cmp.polling.core.redis.RedisKeys;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * The records of each dead-letter topic that an operator replayed or discarded ({@code
 * polling:dlt:handled:{topic}}, a SET of {@code partition@offset}): Kafka cannot delete a single
 * record, so the console leaves these out of its lists and counts.
 */
@Component
class HandledDeadLetters {

  private final StringRedisTemplate redis;

  HandledDeadLetters(StringRedisTemplate redis) {
    this.redis = redis;
  }

  Set<RecordId> of(String topic) {
    Set<String> members = redis.opsForSet().members(RedisKeys.deadLettersHandled(topic));
    Set<RecordId> ids = new HashSet<>();
    if (members != null) {
      for (String member : members) {
        try {
          ids.add(RecordId.parse(member));
        } catch (IllegalArgumentException e) {
          // Written by hand: it names no record, so it hides none.
        }
      }
    }
    return ids;
  }

  void add(String topic, Collection<RecordId> ids) {
    if (!ids.isEmpty()) {
      redis
          .opsForSet()
          .add(
              RedisKeys.deadLettersHandled(topic),
              ids.stream().map(RecordId::toString).toArray(String[]::new));
    }
  }

  /** Forgets records Kafka no longer holds (retention removed them), so the set stays small. */
  void forget(String topic, Collection<RecordId> ids) {
    if (!ids.isEmpty()) {
      redis
          .opsForSet()
          .remove(
              RedisKeys.deadLettersHandled(topic),
              ids.stream().map(RecordId::toString).toArray(Object[]::new));
    }
  }
}
