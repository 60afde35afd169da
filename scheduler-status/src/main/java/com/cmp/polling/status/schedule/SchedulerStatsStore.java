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
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisHashCommands;
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
 * oldest_due_age_seconds} (while held back: back-pressure measures the backlog only then; left out
 * when Redis did not answer), and the limits the round decided with, {@code max_lag_age_seconds}
 * and {@code max_consumer_lag} (0: the count rule is off). A running total appears with its first
 * count. Written by the scheduling loop of any instance; read by the operator app and the
 * benchmarks.
 */
public class SchedulerStatsStore {

  private static final String HELD_BACK_SINCE = "held_back_since";
  private static final byte[][] WHILE_DISPATCHING_GONE = {
    bytes(HELD_BACK_SINCE), bytes("due_backlog"), bytes("oldest_due_age_seconds")
  };

  private final StringRedisTemplate redis;

  public SchedulerStatsStore(StringRedisTemplate redis) {
    this.redis = redis;
  }

  /**
   * One round's figures for every task type it decided on, in one pipeline: per type one HMSET, an
   * HINCRBY per total that moved, and the hold-back's start kept (HSETNX) or dropped (HDEL).
   */
  public void record(Map<TaskType, RoundStats> rounds, Instant at) {
    redis.executePipelined(
        (RedisCallback<Object>)
            c -> {
              rounds.forEach((type, round) -> write(c, type, round, at));
              return null;
            });
  }

  private static void write(RedisConnection c, TaskType type, RoundStats round, Instant at) {
    Map<byte[], byte[]> fields = new LinkedHashMap<>();
    fields.put(bytes("last_schedule_at"), bytes(at.toString()));
    fields.put(
        bytes("last_schedule_count"), bytes(Long.toString(round.scheduled() + round.manual())));
    fields.put(bytes("backpressure"), bytes(round.heldBack() ? "held_back" : "dispatching"));
    fields.put(
        bytes("backpressure_cause"), bytes(round.heldBack() ? round.cause().code() : "none"));
    fields.put(bytes("backpressure_measured_at"), bytes(round.measuredAt().toString()));
    HandlerLag lag = round.lag();
    fields.put(bytes("consumer_lag"), bytes(lag.known() ? Long.toString(lag.tasks()) : "unknown"));
    fields.put(
        bytes("consumer_lag_age_seconds"),
        bytes(lag.known() ? Long.toString(lag.oldestAge().toSeconds()) : "unknown"));
    fields.put(
        bytes("consumer_lag_age_millis"),
        bytes(lag.known() ? Long.toString(lag.oldestAge().toMillis()) : "unknown"));
    if (round.backlog() != null) {
      fields.put(bytes("due_backlog"), bytes(Long.toString(round.backlog().due())));
      fields.put(
          bytes("oldest_due_age_seconds"),
          bytes(Long.toString(round.backlog().oldestAge().toSeconds())));
    }
    fields.put(bytes("max_lag_age_seconds"), bytes(Long.toString(round.maxLagAge().toSeconds())));
    fields.put(bytes("max_consumer_lag"), bytes(Long.toString(round.maxConsumerLag())));
    byte[] key = bytes(RedisKeys.stats(type));
    var hash = c.hashCommands();
    hash.hMSet(key, fields);
    increment(hash, key, "total_scheduled", round.scheduled());
    increment(hash, key, "total_manual", round.manual());
    increment(hash, key, "total_publish_failures", round.failures());
    increment(hash, key, "total_held_back_rounds", round.heldBack() ? 1 : 0);
    if (round.heldBack()) {
      hash.hSetNX(key, bytes(HELD_BACK_SINCE), bytes(round.measuredAt().toString()));
    } else {
      hash.hDel(key, WHILE_DISPATCHING_GONE);
    }
  }

  private static void increment(RedisHashCommands hash, byte[] key, String field, long by) {
    if (by != 0) {
      hash.hIncrBy(key, bytes(field), by);
    }
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
