package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * {@code polling:stats:{taskType}} (HASH): {@code last_schedule_at}, {@code last_schedule_count}
 * (cards published in the last round, manual ones included), and running totals {@code
 * total_scheduled}, {@code total_manual}, {@code total_publish_failures}.
 */
@Component
public class SchedulerStatsStore {

  private final StringRedisTemplate redis;

  public SchedulerStatsStore(StringRedisTemplate redis) {
    this.redis = redis;
  }

  /** One round's figures for one task type, in one pipeline. */
  void record(TaskType type, long scheduled, long manual, long failures, Instant at) {
    String key = RedisKeys.stats(type);
    redis.executePipelined(
        (RedisCallback<Object>)
            c -> {
              var hash = c.hashCommands();
              hash.hSet(bytes(key), bytes("last_schedule_at"), bytes(at.toString()));
              hash.hSet(
                  bytes(key),
                  bytes("last_schedule_count"),
                  bytes(Long.toString(scheduled + manual)));
              hash.hIncrBy(bytes(key), bytes("total_scheduled"), scheduled);
              hash.hIncrBy(bytes(key), bytes("total_manual"), manual);
              hash.hIncrBy(bytes(key), bytes("total_publish_failures"), failures);
              return null;
            });
  }

  /** The stats of one task type, by field name (empty before the first round). */
  public Map<String, String> read(TaskType type) {
    Map<String, String> fields = new TreeMap<>();
    redis
        .opsForHash()
        .entries(RedisKeys.stats(type))
        .forEach((k, v) -> fields.put(k.toString(), v.toString()));
    return fields;
  }

  private static byte[] bytes(String value) {
    return value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
