package com.cmp.polling.status.schedule;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.lag.HandlerLag;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * {@code polling:stats:{taskType}} (HASH): {@code last_schedule_at}, {@code last_schedule_count}
 * (cards published in the last round, manual ones included), running totals {@code
 * total_scheduled}, {@code total_manual}, {@code total_publish_failures}, {@code
 * total_held_back_rounds}; and back-pressure as the last round saw it: {@code backpressure} ({@code
 * dispatching} or {@code held_back}), {@code backpressure_cause} ({@code lag_age}, {@code
 * lag_count}, or {@code none}), {@code held_back_since} (the first measure of a hold-back still
 * running, kept by whichever instance saw it first, removed once a round dispatches), {@code
 * backpressure_measured_at}, {@code consumer_lag}, {@code consumer_lag_age_seconds}, {@code
 * consumer_lag_age_millis} ({@code unknown} when Kafka did not answer), {@code due_backlog}, {@code
 * oldest_due_age_seconds} (left out when Redis did not answer), and the limits the round decided
 * with, {@code max_lag_age_seconds} and {@code max_consumer_lag} (0: the count rule is off).
 * Written by the scheduling loop of any instance; read by the operator app and the benchmarks.
 */
public class SchedulerStatsStore {

  private static final String HELD_BACK_SINCE = "held_back_since";

  private final StringRedisTemplate redis;

  public SchedulerStatsStore(StringRedisTemplate redis) {
    this.redis = redis;
  }

  /** One round's figures for one task type, in one pipeline. */
  public void record(TaskType type, RoundStats round, Instant at) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("last_schedule_at", at.toString());
    fields.put("last_schedule_count", Long.toString(round.scheduled() + round.manual()));
    fields.put("backpressure", round.heldBack() ? "held_back" : "dispatching");
    fields.put("backpressure_cause", round.heldBack() ? round.cause().code() : "none");
    fields.put("backpressure_measured_at", round.measuredAt().toString());
    HandlerLag lag = round.lag();
    fields.put("consumer_lag", lag.known() ? Long.toString(lag.tasks()) : "unknown");
    fields.put(
        "consumer_lag_age_seconds",
        lag.known() ? Long.toString(lag.oldestAge().toSeconds()) : "unknown");
    fields.put(
        "consumer_lag_age_millis",
        lag.known() ? Long.toString(lag.oldestAge().toMillis()) : "unknown");
    if (round.backlog() != null) {
      fields.put("due_backlog", Long.toString(round.backlog().due()));
      fields.put("oldest_due_age_seconds", Long.toString(round.backlog().oldestAge().toSeconds()));
    }
    fields.put("max_lag_age_seconds", Long.toString(round.maxLagAge().toSeconds()));
    fields.put("max_consumer_lag", Long.toString(round.maxConsumerLag()));
    byte[] key = bytes(RedisKeys.stats(type));
    redis.executePipelined(
        (RedisCallback<Object>)
            c -> {
              var hash = c.hashCommands();
              fields.forEach((name, value) -> hash.hSet(key, bytes(name), bytes(value)));
              hash.hIncrBy(key, bytes("total_scheduled"), round.scheduled());
              hash.hIncrBy(key, bytes("total_manual"), round.manual());
              hash.hIncrBy(key, bytes("total_publish_failures"), round.failures());
              hash.hIncrBy(key, bytes("total_held_back_rounds"), round.heldBack() ? 1 : 0);
              if (round.heldBack()) {
                hash.hSetNX(key, bytes(HELD_BACK_SINCE), bytes(round.measuredAt().toString()));
              } else {
                hash.hDel(key, bytes(HELD_BACK_SINCE));
              }
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

  /**
   * Back-pressure as the last round of any instance recorded it; empty before the first round that
   * recorded it.
   */
  public Optional<DispatchState> dispatchState(TaskType type) {
    return dispatchState(read(type));
  }

  /** {@link #dispatchState(TaskType)} from fields already read. */
  static Optional<DispatchState> dispatchState(Map<String, String> fields) {
    String state = fields.get("backpressure");
    if (state == null) {
      return Optional.empty();
    }
    boolean heldBack = state.equals("held_back");
    return Optional.of(
        new DispatchState(
            heldBack,
            heldBack ? fields.get("backpressure_cause") : null,
            heldBack ? instant(fields.get(HELD_BACK_SINCE)) : null,
            instant(fields.get("backpressure_measured_at")),
            instant(fields.get("last_schedule_at")),
            lag(fields),
            number(fields.get("max_lag_age_seconds")) == null
                ? null
                : Duration.ofSeconds(number(fields.get("max_lag_age_seconds"))),
            number(fields.get("max_consumer_lag"))));
  }

  /** The lag the round measured; unknown when Kafka did not answer (or an older writer). */
  private static HandlerLag lag(Map<String, String> fields) {
    Long tasks = number(fields.get("consumer_lag"));
    Long millis = number(fields.get("consumer_lag_age_millis"));
    return tasks == null || millis == null
        ? HandlerLag.UNKNOWN
        : new HandlerLag(true, tasks, Duration.ofMillis(millis));
  }

  private static Long number(String value) {
    try {
      return value == null ? null : Long.valueOf(value);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Instant instant(String value) {
    try {
      return value == null ? null : Instant.parse(value);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static byte[] bytes(String value) {
    return value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
