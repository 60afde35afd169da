package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueCommands.bytes;
import static com.cmp.polling.core.queue.QueueCommands.call;

import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.RedisZSetCommands.ZAddArgs;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ZSetOperations.TypedTuple;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Moves what keys of earlier versions still hold into today's keys: the shard queues under their
 * names without hash tags, the manual trigger list and the trigger set's untagged name. Run once at
 * the scheduler's start (cheap when nothing is left: one EXISTS per old key, in one pipeline), so
 * no round pays for it. Safe to repeat and to run in two processes at once: an entry leaves an old
 * key only once it is in the new one, and only if unchanged since it was read.
 *
 * <p>Entries already in a new key win over the old key's: a process of the new version wrote them,
 * so they are the later word (a status change made the card due, a completion gave its next time).
 */
public final class LegacyQueueKeys {

  /** What one run moved. */
  public record Moved(long queueEntries, long manualTriggers) {
    public boolean any() {
      return queueEntries + manualTriggers > 0;
    }
  }

  private static final Logger log = LoggerFactory.getLogger(LegacyQueueKeys.class);
  private static final int CHUNK = 10_000;

  /** A chunk read again this many times without a single entry leaving: an old writer is busy. */
  private static final int ATTEMPTS = 5;

  private static final RedisScript<Long> MOVE_MANUAL_LIST =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/move_manual_list.lua", Long.class);

  @SuppressWarnings("rawtypes")
  private static final RedisScript<List> REMOVE_IF_UNCHANGED =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/remove_if_unchanged.lua", List.class);

  private final StringRedisTemplate redis;
  private final int shardCount;
  private final Clock clock;

  public LegacyQueueKeys(StringRedisTemplate redis, QueueSettings settings, Clock clock) {
    this.redis = redis;
    this.shardCount = settings.shardCount();
    this.clock = clock;
  }

  /**
   * Moves everything the old keys hold; logs what it moved.
   *
   * @param keepGoing asked after every chunk (the caller's lock extended there); false stops the
   *     move, and the next run goes on with what is left
   */
  public Moved moveAll(BooleanSupplier keepGoing) {
    List<String> present = present();
    long entries = 0;
    long triggers = 0;
    for (TaskType type : TaskType.values()) {
      for (int shard = 0; shard < shardCount; shard++) {
        String old = RedisKeys.legacyShardQueue(shard, type);
        if (present.contains(old)) {
          entries +=
              moveSortedSet(
                  old, RedisKeys.shardQueue(shard, type), ZAddArgs.ifNotExists(), keepGoing);
        }
      }
      if (present.contains(RedisKeys.legacyManualList(type))) {
        triggers += moveList(type, keepGoing);
      }
      String untagged = RedisKeys.legacyManualTriggers(type);
      if (present.contains(untagged)) {
        // The earlier trigger time wins, as two triggers of one card make one at the first.
        triggers +=
            moveSortedSet(
                untagged, RedisKeys.manualTriggers(type), ZAddArgs.empty().lt(), keepGoing);
      }
    }
    Moved moved = new Moved(entries, triggers);
    if (moved.any()) {
      log.info(
          "moved {} queue entries and {} manual triggers from the key names of earlier versions",
          entries,
          triggers);
    }
    return moved;
  }

  /** The old keys that exist, asked in one pipeline. */
  private List<String> present() {
    List<String> names = new ArrayList<>();
    for (TaskType type : TaskType.values()) {
      for (int shard = 0; shard < shardCount; shard++) {
        names.add(RedisKeys.legacyShardQueue(shard, type));
      }
      names.add(RedisKeys.legacyManualList(type));
      names.add(RedisKeys.legacyManualTriggers(type));
    }
    List<Object> exists =
        call(
            "look for keys of earlier versions",
            () ->
                redis.executePipelined(
                    (RedisCallback<Object>)
                        c -> {
                          names.forEach(name -> c.keyCommands().exists(bytes(name)));
                          return null;
                        }));
    List<String> present = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      if (Boolean.TRUE.equals(exists.get(i))
          || exists.get(i) instanceof Number n && n.longValue() > 0) {
        present.add(names.get(i));
      }
    }
    return present;
  }

  /**
   * Chunk by chunk: read, add to the new key with {@code args}, then remove from the old key what
   * is unchanged since read (the two keys may live on two masters: no script spans them).
   */
  private long moveSortedSet(String old, String target, ZAddArgs args, BooleanSupplier keepGoing) {
    long moved = 0;
    int idle = 0;
    while (idle < ATTEMPTS) {
      Set<TypedTuple<String>> chunk =
          call("read " + old, () -> redis.opsForZSet().rangeWithScores(old, 0, CHUNK - 1));
      if (chunk == null || chunk.isEmpty()) {
        return moved;
      }
      Set<Tuple> tuples = new LinkedHashSet<>();
      List<String> scoresAndMembers = new ArrayList<>(2 * chunk.size());
      for (TypedTuple<String> entry : chunk) {
        tuples.add(Tuple.of(bytes(entry.getValue()), entry.getScore()));
        // Shortest text that reads back as the same double: the script compares numbers.
        scoresAndMembers.add(Double.toString(entry.getScore()));
        scoresAndMembers.add(entry.getValue());
      }
      call(
          "copy " + old + " into " + target,
          () ->
              redis.execute(
                  (RedisCallback<Long>) c -> c.zSetCommands().zAdd(bytes(target), tuples, args)));
      List<?> removed =
          call(
              "empty " + old,
              () ->
                  redis.execute(
                      REMOVE_IF_UNCHANGED, List.of(old), scoresAndMembers.toArray(Object[]::new)));
      long left = removed.stream().filter(r -> ((Number) r).longValue() == 1).count();
      moved += left;
      idle = left == 0 ? idle + 1 : 0;
      if (!keepGoing.getAsBoolean()) {
        return moved;
      }
    }
    log.warn(
        "{} still changes under the move to {} (a process of an earlier version writes it): the"
            + " next start moves what is left",
        old,
        target);
    return moved;
  }

  /** The old list into the trigger set, due now, by move_manual_list.lua until it is gone. */
  private long moveList(TaskType type, BooleanSupplier keepGoing) {
    String list = RedisKeys.legacyManualList(type);
    long moved = 0;
    while (true) {
      Long batch =
          call(
              "move " + list,
              () ->
                  redis.execute(
                      MOVE_MANUAL_LIST,
                      List.of(list, RedisKeys.manualTriggers(type)),
                      QueueScores.argument(clock.instant()),
                      Integer.toString(CHUNK)));
      if (batch == null || batch == 0) {
        return moved;
      }
      moved += batch;
      if (!keepGoing.getAsBoolean()) {
        return moved;
      }
    }
  }
}
