package com.cmp.polling.status.initializer;

import com.cmp.polling.core.redis.RedisKeys;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.data.redis.core.StringRedisTemplate;

/** Reads and writes {@code polling:init:progress} (HASH) and the initializer's marker key. */
public class InitProgressStore {

  private final StringRedisTemplate redis;

  public InitProgressStore(StringRedisTemplate redis) {
    this.redis = redis;
  }

  public Optional<InitProgress> read() {
    Map<Object, Object> fields = redis.opsForHash().entries(RedisKeys.INIT_PROGRESS);
    if (fields.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new InitProgress(
            Long.parseLong(field(fields, "processed", "0")),
            Long.parseLong(field(fields, "total", "0")),
            Long.parseLong(field(fields, "last_id", "0")),
            Boolean.parseBoolean(field(fields, "completed", "false")),
            Instant.parse(field(fields, "started_at", Instant.EPOCH.toString())),
            Instant.parse(field(fields, "updated_at", Instant.EPOCH.toString()))));
  }

  /** Writes every field, the derived ones (percent, ETA, rate) included for operators. */
  public void write(InitProgress progress) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("processed", Long.toString(progress.processed()));
    fields.put("total", Long.toString(progress.total()));
    fields.put("percent", Double.toString(progress.percent()));
    fields.put(
        "eta_seconds", progress.etaSeconds() == null ? "" : progress.etaSeconds().toString());
    fields.put("cards_per_second", Long.toString(Math.round(progress.cardsPerSecond())));
    fields.put("last_id", Long.toString(progress.lastId()));
    fields.put("completed", Boolean.toString(progress.completed()));
    fields.put("started_at", progress.startedAt().toString());
    fields.put("updated_at", progress.updatedAt().toString());
    redis.opsForHash().putAll(RedisKeys.INIT_PROGRESS, fields);
  }

  public boolean markerPresent() {
    return Boolean.TRUE.equals(redis.hasKey(RedisKeys.INIT_MARKER));
  }

  /** Starts a fresh run: old progress gone, marker saying Redis holds our queues set. */
  public void startFresh(InitProgress progress) {
    redis.delete(RedisKeys.INIT_PROGRESS);
    write(progress);
    redis.opsForValue().set(RedisKeys.INIT_MARKER, progress.startedAt().toString());
  }

  private static String field(Map<Object, Object> fields, String name, String fallback) {
    Object value = fields.get(name);
    return value == null || value.toString().isEmpty() ? fallback : value.toString();
  }
}
