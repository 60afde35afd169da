package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueCommands.bytes;
import static com.cmp.polling.core.queue.QueueCommands.call;

import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.springframework.data.domain.Range;
import org.springframework.data.redis.connection.Limit;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ZSetOperations.TypedTuple;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The reads behind the reconciler's rolling sweep ({@link QueueAudit}): a scan step from a kept
 * cursor, the entries scored beyond a horizon in every queue, and how many entries the queues hold.
 * Each costs what it returns (ZSCAN of a chunk, ZRANGEBYSCORE from the horizon on, ZCARD), never a
 * whole queue.
 */
final class QueueSweepReads {

  @SuppressWarnings("rawtypes")
  private static final RedisScript<List> SCAN_QUEUE_STEP =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/scan_queue_step.lua", List.class);

  private final StringRedisTemplate redis;
  private final int shardCount;

  QueueSweepReads(StringRedisTemplate redis, int shardCount) {
    this.redis = redis;
    this.shardCount = shardCount;
  }

  ScanStep step(int shard, TaskType type, long cursor, int count) {
    String key = RedisKeys.shardQueue(shard, type);
    List<?> reply =
        call(
            "scan " + key + " from cursor " + Long.toUnsignedString(cursor),
            () ->
                redis.execute(
                    SCAN_QUEUE_STEP,
                    List.of(key),
                    Long.toUnsignedString(cursor),
                    Integer.toString(count)));
    long next = Long.parseUnsignedLong(reply.get(0).toString());
    List<?> flat = (List<?>) reply.get(1);
    List<QueueEntry> entries = new ArrayList<>(flat.size() / 2);
    for (int i = 0; i + 1 < flat.size(); i += 2) {
      Long cardId = QueueAudit.cardIdOf(flat.get(i).toString());
      if (cardId != null) {
        entries.add(
            new QueueEntry(cardId, shard, type, Double.parseDouble(flat.get(i + 1).toString())));
      }
    }
    return new ScanStep(next, entries, flat.size() / 2);
  }

  List<QueueEntry> beyond(Instant horizon, int limitPerQueue) {
    TaskType[] types = TaskType.values();
    Range<Double> range = Range.rightUnbounded(Range.Bound.exclusive(QueueScores.score(horizon)));
    Limit limit = Limit.limit().count(limitPerQueue);
    List<Object> replies =
        call(
            "read the entries due after " + horizon,
            () ->
                redis.executePipelined(
                    (RedisCallback<Object>)
                        c -> {
                          for (TaskType type : types) {
                            for (int shard = 0; shard < shardCount; shard++) {
                              c.zSetCommands()
                                  .zRangeByScoreWithScores(
                                      bytes(RedisKeys.shardQueue(shard, type)), range, limit);
                            }
                          }
                          return null;
                        }));
    List<QueueEntry> entries = new ArrayList<>();
    int reply = 0;
    for (TaskType type : types) {
      for (int shard = 0; shard < shardCount; shard++) {
        Object tuples = replies.get(reply++);
        if (tuples instanceof Set<?> set) {
          for (Object element : set) {
            add(entries, element, shard, type);
          }
        }
      }
    }
    return entries;
  }

  long count() {
    List<Object> sizes =
        call(
            "count the queue entries",
            () ->
                redis.executePipelined(
                    (RedisCallback<Object>)
                        c -> {
                          for (TaskType type : TaskType.values()) {
                            for (int shard = 0; shard < shardCount; shard++) {
                              c.zSetCommands().zCard(bytes(RedisKeys.shardQueue(shard, type)));
                            }
                          }
                          return null;
                        }));
    long total = 0;
    for (Object size : sizes) {
      total += size instanceof Number n ? n.longValue() : 0;
    }
    return total;
  }

  /** A pipelined reply's element: the template hands back typed tuples, a raw connection tuples. */
  private static void add(List<QueueEntry> entries, Object element, int shard, TaskType type) {
    String member;
    Double score;
    if (element instanceof TypedTuple<?> typed) {
      member = String.valueOf(typed.getValue());
      score = typed.getScore();
    } else if (element instanceof Tuple tuple) {
      member = new String(tuple.getValue(), StandardCharsets.UTF_8);
      score = tuple.getScore();
    } else {
      return;
    }
    Long cardId = QueueAudit.cardIdOf(member);
    if (cardId != null && score != null) {
      entries.add(new QueueEntry(cardId, shard, type, score));
    }
  }
}
