package com.cmp.polling.handlers.base;

import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * The last check of each card and task type, for operators ({@code polling:checks:last:{cardId}}, a
 * HASH of task type code to {@code "<time> <result>"}): nothing else records when a card was last
 * checked. The entry lives twice the longest interval of the configs in force (a day at least), so
 * a card checked on time always has one. Written in one pipeline per slice; a failure costs the
 * record, never the check.
 */
@Component
class LastChecks {

  private static final Logger log = LoggerFactory.getLogger(LastChecks.class);
  private static final Duration MINIMUM_TTL = Duration.ofDays(1);

  private final StringRedisTemplate redis;
  private final PollingConfigManager configs;
  private final Clock clock;

  LastChecks(StringRedisTemplate redis, PollingConfigManager configs, Clock clock) {
    this.redis = redis;
    this.configs = configs;
    this.clock = clock;
  }

  /**
   * @param resultByCard what the completion did with each card (next, retry, leave, dropped,
   *     failed), recorded by its {@link TaskResult#tag() tag}
   */
  void record(TaskType type, Map<Long, TaskResult> resultByCard) {
    if (resultByCard.isEmpty()) {
      return;
    }
    String now = clock.instant().toString();
    long ttlMillis = ttl().toMillis();
    byte[] field = bytes(type.code());
    try {
      redis.executePipelined(
          (RedisCallback<Object>)
              c -> {
                resultByCard.forEach(
                    (cardId, result) -> {
                      byte[] key = bytes(RedisKeys.lastChecks(cardId));
                      c.hashCommands().hSet(key, field, bytes(now + " " + result.tag()));
                      c.keyCommands().pExpire(key, ttlMillis);
                    });
                return null;
              });
    } catch (DataAccessException e) {
      log.warn(
          "last {} checks of {} cards not recorded ({}); the checks themselves are done",
          type.code(),
          resultByCard.size(),
          e.getMessage());
    }
  }

  private Duration ttl() {
    Duration longest = MINIMUM_TTL.dividedBy(2);
    for (PollingConfig config : configs.snapshot().configs()) {
      for (TaskType type : TaskType.values()) {
        Duration interval = config.interval(type).orElse(Duration.ZERO);
        if (interval.compareTo(longest) > 0) {
          longest = interval;
        }
      }
    }
    return longest.multipliedBy(2);
  }

  private static byte[] bytes(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }
}
