package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueCommands.bytes;
import static com.cmp.polling.core.queue.QueueCommands.call;

import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.schemas.task.TaskType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Runs lease_due_cards.lua: on one queue (by EVALSHA), or on many groups of queues in one pipeline
 * (one EVAL per group, the script travelling with it, so that a Redis that lost its script cache
 * still answers), each group the queues of one hash slot.
 */
final class DueLeases {

  private static final Logger log = LoggerFactory.getLogger(DueLeases.class);

  @SuppressWarnings("rawtypes")
  private static final RedisScript<List> LEASE_DUE_CARDS =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/lease_due_cards.lua", List.class);

  private final StringRedisTemplate redis;
  private final QueueKeys keys;
  private final int shardCount;

  DueLeases(StringRedisTemplate redis, QueueKeys keys, int shardCount) {
    this.redis = redis;
    this.keys = keys;
    this.shardCount = shardCount;
  }

  /**
   * {@link #lease} on every shard's queues of {@code types}: one script call per shard (its queues
   * share a hash slot), all in one pipeline.
   *
   * @return per shard (the list's index), the cards leased per type
   */
  List<Map<TaskType, List<CardEntry>>> leaseShards(
      Set<TaskType> types, Instant now, int batch, Instant deadline) {
    List<TaskType> ordered = List.copyOf(EnumSet.copyOf(types));
    List<List<String>> queuesByShard = new ArrayList<>(shardCount);
    for (int shard = 0; shard < shardCount; shard++) {
      int current = shard;
      queuesByShard.add(ordered.stream().map(type -> keys.of(current, type)).toList());
    }
    List<List<List<CardEntry>>> leased =
        leaseAll(queuesByShard, now, batch, deadline, "dequeue every shard's " + ordered);
    List<Map<TaskType, List<CardEntry>>> byShard = new ArrayList<>(shardCount);
    for (List<List<CardEntry>> ofShard : leased) {
      Map<TaskType, List<CardEntry>> byType = new EnumMap<>(TaskType.class);
      for (int i = 0; i < ordered.size(); i++) {
        byType.put(ordered.get(i), ofShard.get(i));
      }
      byShard.add(byType);
    }
    return byShard;
  }

  /** Up to {@code batch} due cards of one queue, leased until {@code deadline}, oldest first. */
  List<CardEntry> lease(String key, Instant now, int batch, Instant deadline, String operation) {
    List<?> reply =
        call(
            operation,
            () ->
                redis.execute(
                    LEASE_DUE_CARDS,
                    List.of(key),
                    QueueScores.argument(now),
                    Integer.toString(batch),
                    QueueScores.argument(deadline)));
    return entries(key, (List<?>) reply.get(0), deadline);
  }

  /**
   * {@link #lease} on every queue of every group, one script call per group, all in one pipeline.
   *
   * @return per group, per key of the group in its order, the cards leased
   */
  List<List<List<CardEntry>>> leaseAll(
      List<List<String>> groups, Instant now, int batch, Instant deadline, String operation) {
    byte[] script = bytes(LEASE_DUE_CARDS.getScriptAsString());
    byte[][] arguments = {
      bytes(QueueScores.argument(now)),
      bytes(Integer.toString(batch)),
      bytes(QueueScores.argument(deadline))
    };
    List<Object> replies =
        call(
            operation,
            () ->
                redis.executePipelined(
                    (RedisCallback<Object>)
                        c -> {
                          for (List<String> group : groups) {
                            byte[][] keysAndArguments = new byte[group.size() + 3][];
                            for (int i = 0; i < group.size(); i++) {
                              keysAndArguments[i] = bytes(group.get(i));
                            }
                            System.arraycopy(arguments, 0, keysAndArguments, group.size(), 3);
                            c.scriptingCommands()
                                .eval(script, ReturnType.MULTI, group.size(), keysAndArguments);
                          }
                          return null;
                        }));
    List<List<List<CardEntry>>> leased = new ArrayList<>(groups.size());
    for (int g = 0; g < groups.size(); g++) {
      List<?> perKey = (List<?>) replies.get(g);
      List<List<CardEntry>> ofGroup = new ArrayList<>(perKey.size());
      for (int k = 0; k < perKey.size(); k++) {
        ofGroup.add(entries(groups.get(g).get(k), (List<?>) perKey.get(k), deadline));
      }
      leased.add(ofGroup);
    }
    return leased;
  }

  /** Card id / score pairs as entries; a member that is no card id is dropped from the queue. */
  private List<CardEntry> entries(String key, List<?> flat, Instant deadline) {
    List<CardEntry> entries = new ArrayList<>(flat.size() / 2);
    for (int i = 0; i < flat.size(); i += 2) {
      String member = text(flat.get(i));
      try {
        entries.add(
            new CardEntry(
                QueueArguments.requireCardId(Long.parseLong(member)),
                QueueScores.instant(text(flat.get(i + 1))),
                deadline));
      } catch (IllegalArgumentException e) {
        // Written by hand or by a bug: it would come due again with every lease, so drop it.
        log.warn("dropped '{}' from {}: not a card id", member, key);
        call("drop bad member of " + key, () -> redis.opsForZSet().remove(key, member));
      }
    }
    return entries;
  }

  private static String text(Object reply) {
    return reply instanceof byte[] raw
        ? new String(raw, StandardCharsets.UTF_8)
        : String.valueOf(reply);
  }
}
