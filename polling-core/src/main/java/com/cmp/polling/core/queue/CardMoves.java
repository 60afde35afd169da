package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueCommands.bytes;

import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.schemas.task.TaskType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Runs move_card_entries.lua: the changes of many cards grouped by shard, one call per shard over
 * its queues of every task type (one hash slot), all calls in one pipeline. Within a shard the
 * changes of a card apply in one step; shards are independent of each other, as a card lives in
 * one.
 */
final class CardMoves {

  @SuppressWarnings("rawtypes")
  private static final RedisScript<List> MOVE_CARD_ENTRIES =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/move_card_entries.lua", List.class);

  private static final TaskType[] TYPES = TaskType.values();
  private static final byte[][] TYPE_INDEX = new byte[TYPES.length][];

  static {
    for (int i = 0; i < TYPES.length; i++) {
      TYPE_INDEX[i] = bytes(Integer.toString(i + 1));
    }
  }

  private final StringRedisTemplate redis;
  private final QueueKeys keys;
  private final int shardCount;

  CardMoves(StringRedisTemplate redis, QueueKeys keys, int shardCount) {
    this.redis = redis;
    this.keys = keys;
    this.shardCount = shardCount;
  }

  void apply(Collection<EntryChange> changes) {
    if (changes.isEmpty()) {
      return;
    }
    @SuppressWarnings("unchecked")
    List<byte[]>[] argumentsByShard = new List[shardCount];
    for (EntryChange change : changes) {
      int shard = keys.shardOf(change.cardId());
      if (argumentsByShard[shard] == null) {
        argumentsByShard[shard] = new ArrayList<>();
      }
      List<byte[]> arguments = argumentsByShard[shard];
      arguments.add(TYPE_INDEX[change.type().ordinal()]);
      arguments.add(bytes(change.rule().operation()));
      arguments.add(bytes(Long.toString(change.cardId())));
      arguments.add(change.at() == null ? bytes("0") : bytes(QueueScores.argument(change.at())));
    }
    byte[] script = bytes(MOVE_CARD_ENTRIES.getScriptAsString());
    QueueCommands.call(
        "move " + changes.size() + " queue entries",
        () ->
            redis.executePipelined(
                (RedisCallback<Object>)
                    c -> {
                      for (int shard = 0; shard < shardCount; shard++) {
                        if (argumentsByShard[shard] != null) {
                          c.scriptingCommands()
                              .eval(
                                  script,
                                  ReturnType.MULTI,
                                  TYPES.length,
                                  keysAndArguments(shard, argumentsByShard[shard]));
                        }
                      }
                      return null;
                    }));
  }

  /** The shard's queue of every task type, in {@link TaskType} order, then the arguments. */
  private byte[][] keysAndArguments(int shard, List<byte[]> arguments) {
    byte[][] all = new byte[TYPES.length + arguments.size()][];
    for (TaskType type : TYPES) {
      all[type.ordinal()] = bytes(keys.of(shard, type));
    }
    for (int i = 0; i < arguments.size(); i++) {
      all[TYPES.length + i] = arguments.get(i);
    }
    return all;
  }
}
