package com.cmp.polling.status.schedule;

import com.cmp.polling.core.redis.RedisKeys;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The latest decisions to hold a task type back, of every scheduler instance, in Redis ({@code
 * polling:backpressure:hold-backs}, a LIST of JSON entries, newest first): one per fresh
 * measurement that held a type back (every {@code lag-check-interval} while it lasts, in each
 * instance that schedules), at most {@value #CAPACITY}, so that any operator instance shows the
 * same list. Thread-safe.
 */
public class HoldBackHistory implements HoldBackRecorder {

  static final int CAPACITY = 256;

  private static final Logger log = LoggerFactory.getLogger(HoldBackHistory.class);

  private final StringRedisTemplate redis;
  private final JsonMapper json = JsonMapper.builder().build();

  public HoldBackHistory(StringRedisTemplate redis) {
    this.redis = redis;
  }

  /** Pushed and trimmed to the capacity in one pipeline; a Redis failure is logged, not thrown. */
  @Override
  public void add(HoldBack holdBack) {
    try {
      byte[] key = RedisKeys.HOLD_BACKS.getBytes(StandardCharsets.UTF_8);
      byte[] entry = json.writeValueAsBytes(holdBack);
      redis.executePipelined(
          (RedisCallback<Object>)
              c -> {
                c.listCommands().lPush(key, entry);
                c.listCommands().lTrim(key, 0, CAPACITY - 1);
                return null;
              });
    } catch (DataAccessException e) {
      log.warn(
          "{} hold-back of {} not recorded: {}",
          holdBack.cause(),
          holdBack.taskType().code(),
          e.getMessage());
    }
  }

  /** The latest hold-backs, newest first; an entry that does not read as one is left out. */
  public List<HoldBack> recent() {
    List<String> entries = redis.opsForList().range(RedisKeys.HOLD_BACKS, 0, CAPACITY - 1);
    List<HoldBack> holdBacks = new ArrayList<>();
    for (String entry : entries == null ? List.<String>of() : entries) {
      try {
        holdBacks.add(json.readValue(entry, HoldBack.class));
      } catch (JacksonException e) {
        log.debug("hold-back entry left out, not one: {}", e.getOriginalMessage());
      }
    }
    return holdBacks;
  }
}
