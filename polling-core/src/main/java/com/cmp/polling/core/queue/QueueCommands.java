package com.cmp.polling.core.queue;

import com.cmp.polling.core.redis.LuaScripts;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisZSetCommands.ZAddArgs;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.connection.zset.DefaultTuple;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The Redis commands behind {@link PollingQueueManager}, each turning a Redis failure into a {@link
 * PollingQueueException} that names the operation.
 */
final class QueueCommands {

  private static final Logger log = LoggerFactory.getLogger(QueueCommands.class);

  private static final RedisScript<Long> COMPLETE_IF_QUEUED =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/complete_if_queued.lua", Long.class);

  private static final RedisScript<Long> COMPLETE_ALL_IF_QUEUED =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/complete_all_if_queued.lua", Long.class);

  private final StringRedisTemplate redis;

  QueueCommands(StringRedisTemplate redis) {
    this.redis = redis;
  }

  void add(String key, long cardId, Instant at, String operation) {
    call(
        operation, () -> redis.opsForZSet().add(key, Long.toString(cardId), QueueScores.score(at)));
  }

  /**
   * complete_if_queued.lua: true when the card is still queued (with the new time, or still due
   * because someone made it due while it was checked).
   */
  boolean complete(String key, long cardId, Instant at, Instant now, String operation) {
    Long result =
        call(
            operation,
            () ->
                redis.execute(
                    COMPLETE_IF_QUEUED,
                    List.of(key),
                    Long.toString(cardId),
                    QueueScores.argument(at),
                    QueueScores.argument(now)));
    if (result != null && result == 2) {
      log.debug("{}: made due while it was checked, it stays due", operation);
    }
    return result != null && result != 0;
  }

  /** complete_all_if_queued.lua once per key, all in one pipeline (EVAL: the script travels). */
  void completeAll(Map<String, List<ScheduledCheck>> checksByKey, Instant now, String operation) {
    byte[] script = bytes(COMPLETE_ALL_IF_QUEUED.getScriptAsString());
    byte[] nowArgument = bytes(QueueScores.argument(now));
    pipeline(
        operation,
        c ->
            checksByKey.forEach(
                (key, checks) ->
                    c.scriptingCommands()
                        .eval(
                            script,
                            ReturnType.INTEGER,
                            1,
                            keyAndArguments(key, nowArgument, checks))));
  }

  /** The queue key, now, then a score and a card id per check. */
  private static byte[][] keyAndArguments(
      String key, byte[] nowArgument, List<ScheduledCheck> checks) {
    byte[][] keyAndArguments = new byte[2 + 2 * checks.size()][];
    keyAndArguments[0] = bytes(key);
    keyAndArguments[1] = nowArgument;
    int at = 2;
    for (ScheduledCheck check : checks) {
      keyAndArguments[at++] = bytes(QueueScores.argument(check.nextCheckAt()));
      keyAndArguments[at++] = bytes(Long.toString(check.cardId()));
    }
    return keyAndArguments;
  }

  /**
   * One pipelined ZADD per key of its checks, with {@code args}: NX leaves members already queued
   * alone, XX writes only members still queued. When a card is listed twice for a key, the later
   * entry wins: Redis applies a ZADD's members in order, so under NX (where the first would win)
   * they are sent last entry first.
   */
  void addAll(Map<String, List<ScheduledCheck>> checksByKey, ZAddArgs args, String operation) {
    boolean lastFirst = args.contains(ZAddArgs.Flag.NX);
    Map<String, Set<Tuple>> tuplesByKey = new HashMap<>();
    checksByKey.forEach(
        (key, checks) -> {
          List<Tuple> tuples = new ArrayList<>(checks.size());
          for (int i = 0; i < checks.size(); i++) {
            ScheduledCheck check = checks.get(lastFirst ? checks.size() - 1 - i : i);
            tuples.add(
                new DefaultTuple(
                    bytes(Long.toString(check.cardId())), QueueScores.score(check.nextCheckAt())));
          }
          tuplesByKey.put(key, new TupleList(tuples));
        });
    pipeline(
        operation,
        c -> tuplesByKey.forEach((k, tuples) -> c.zSetCommands().zAdd(bytes(k), tuples, args)));
  }

  /** Pipelined ZREM of the member from every key. */
  void removeFromAll(Collection<String> keys, long cardId, String operation) {
    byte[] member = bytes(Long.toString(cardId));
    pipeline(operation, c -> keys.forEach(key -> c.zSetCommands().zRem(bytes(key), member)));
  }

  Double scoreOf(String key, long cardId, String operation) {
    return call(operation, () -> redis.opsForZSet().score(key, Long.toString(cardId)));
  }

  long count(String key, String operation) {
    return orZero(call(operation, () -> redis.opsForZSet().zCard(key)));
  }

  private static long orZero(Long value) {
    return value == null ? 0 : value;
  }

  /** Sends {@code commands} in one pipeline; a Redis failure names the operation. */
  private void pipeline(String operation, Consumer<RedisConnection> commands) {
    call(
        operation,
        () ->
            redis.executePipelined(
                (RedisCallback<Object>)
                    c -> {
                      commands.accept(c);
                      return null;
                    }));
  }

  /** Runs one Redis command; a failure becomes a {@link PollingQueueException} naming it. */
  static <T> T call(String operation, Supplier<T> command) {
    try {
      return command.get();
    } catch (DataAccessException e) {
      throw new PollingQueueException(operation + " failed in Redis: " + e.getMessage(), e);
    }
  }

  static byte[] bytes(String value) {
    return value.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The tuples of one ZADD as the Set its API asks for, in their order and without hashing every
   * member as a HashSet would (a third of the initializer's time). A card listed twice stays twice:
   * ZADD applies both, in order.
   */
  private static final class TupleList extends AbstractSet<Tuple> {
    private final List<Tuple> tuples;

    TupleList(List<Tuple> tuples) {
      this.tuples = tuples;
    }

    @Override
    public Iterator<Tuple> iterator() {
      return tuples.iterator();
    }

    @Override
    public int size() {
      return tuples.size();
    }
  }
}
