package com.cmp.polling.scheduler.console.card;

import com.cmp.polling.core.redis.RedisKeys;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * Reads the last check of each task type of a card, as the check handlers record it ({@code
 * polling:checks:last:{cardId}}: task type code to {@code "<time> <result>"}).
 */
@Component
class LastCheckRecords {

  private final StringRedisTemplate redis;

  LastCheckRecords(StringRedisTemplate redis) {
    this.redis = redis;
  }

  /** By task type code; a value that is not {@code "<time> <result>"} is left out. */
  Map<String, LastCheck> of(long cardId) {
    Map<String, LastCheck> checks = new HashMap<>();
    redis
        .opsForHash()
        .entries(RedisKeys.lastChecks(cardId))
        .forEach(
            (type, value) -> {
              String text = value.toString();
              int space = text.indexOf(' ');
              try {
                if (space > 0) {
                  checks.put(
                      type.toString(),
                      new LastCheck(
                          Instant.parse(text.substring(0, space)), text.substring(space + 1)));
                }
              } catch (DateTimeParseException e) {
                // Not written by the handlers: nothing to show.
              }
            });
    return checks;
  }

  /**
   * @param result what the handlers did with the card: next (checked, next check scheduled), retry
   *     (a passing failure, again soon), leave (the check no longer applies), dropped, failed
   */
  record LastCheck(Instant at, String result) {}
}
