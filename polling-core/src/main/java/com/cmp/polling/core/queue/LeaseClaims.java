package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueCommands.bytes;
import static com.cmp.polling.core.queue.QueueCommands.call;

import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Runs claim_current_leases.lua for the tasks of a poll: one call per shard queue, all in one
 * pipeline (EVAL: the script travels with each call, so a Redis that lost its script cache still
 * answers).
 */
final class LeaseClaims {

  @SuppressWarnings("rawtypes")
  private static final RedisScript<List> CLAIM_CURRENT_LEASES =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/claim_current_leases.lua", List.class);

  private final StringRedisTemplate redis;
  private final QueueKeys keys;

  LeaseClaims(StringRedisTemplate redis, QueueKeys keys) {
    this.redis = redis;
    this.keys = keys;
  }

  /** Whether each claim was current (and is now leased until {@code newDeadline}), in order. */
  boolean[] claim(TaskType type, List<LeaseClaim> claims, Instant newDeadline) {
    if (claims.isEmpty()) {
      return new boolean[0];
    }
    // The new deadline must differ from every lease claimed, or a second copy of a task (in this
    // call or redelivered later) would find its own lease again and run twice.
    Set<Instant> claimedLeases = new HashSet<>();
    claims.forEach(c -> claimedLeases.add(c.leaseUntil()));
    Instant deadline = newDeadline;
    while (claimedLeases.contains(deadline)) {
      deadline = deadline.plusMillis(1);
    }
    byte[] deadlineArgument = bytes(QueueScores.argument(deadline));
    Map<Integer, List<Integer>> indicesByShard = new LinkedHashMap<>();
    for (int i = 0; i < claims.size(); i++) {
      int shard = keys.shardOf(claims.get(i).cardId());
      indicesByShard.computeIfAbsent(shard, s -> new ArrayList<>()).add(i);
    }
    byte[] script = bytes(CLAIM_CURRENT_LEASES.getScriptAsString());
    List<Object> replies =
        call(
            "claim " + claims.size() + " " + type.code() + " leases",
            () ->
                redis.executePipelined(
                    (RedisCallback<Object>)
                        c -> {
                          indicesByShard.forEach(
                              (shard, indices) -> {
                                byte[][] keyAndArguments = new byte[2 + 2 * indices.size()][];
                                keyAndArguments[0] = bytes(keys.of(shard, type));
                                keyAndArguments[1] = deadlineArgument;
                                int at = 2;
                                for (int index : indices) {
                                  LeaseClaim claim = claims.get(index);
                                  keyAndArguments[at++] =
                                      bytes(QueueScores.argument(claim.leaseUntil()));
                                  keyAndArguments[at++] = bytes(Long.toString(claim.cardId()));
                                }
                                c.scriptingCommands()
                                    .eval(script, ReturnType.MULTI, 1, keyAndArguments);
                              });
                          return null;
                        }));
    boolean[] current = new boolean[claims.size()];
    int reply = 0;
    for (List<Integer> indices : indicesByShard.values()) {
      List<?> flags = (List<?>) replies.get(reply++);
      for (int i = 0; i < indices.size(); i++) {
        current[indices.get(i)] = ((Number) flags.get(i)).longValue() == 1;
      }
    }
    return current;
  }
}
