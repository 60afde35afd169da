package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueArguments.requireShard;
import static com.cmp.polling.core.queue.QueueArguments.requireType;
import static com.cmp.polling.core.queue.QueueCommands.bytes;
import static com.cmp.polling.core.queue.QueueCommands.call;

import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.RedisZSetCommands.ZAddArgs;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ZSetOperations.TypedTuple;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The shard queues as the reconciler sees and repairs them: where cards stand (ZMSCORE), every
 * entry of a queue in chunks (ZSCAN), and the only two writes a repair makes, both conditional so
 * that they never undo what someone else wrote meanwhile: an entry added only where the card is
 * absent (ZADD NX), an entry removed only while its score is still the one read ({@code
 * remove_if_unchanged.lua}). Nothing is ever rescheduled in place, so a lease is never cut short.
 * Members that are not card ids are skipped here; a lease drops them when they come due. For the
 * reconciler's rolling sweep it also scans a queue a step at a time from a kept cursor, reads the
 * entries scored beyond a horizon, and counts the entries ({@link QueueSweepReads}).
 */
public class QueueAudit {

  private static final Logger log = LoggerFactory.getLogger(QueueAudit.class);

  /** Scheduler instances' clocks may differ by this much: a lease may end that far ahead. */
  static final Duration CLOCK_SLACK = Duration.ofSeconds(30);

  @SuppressWarnings("rawtypes")
  private static final RedisScript<List> REMOVE_IF_UNCHANGED =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/remove_if_unchanged.lua", List.class);

  private final StringRedisTemplate redis;
  private final QueueKeys keys;
  private final QueueSettings settings;
  private final QueueSweepReads sweep;

  public QueueAudit(StringRedisTemplate redis, QueueSettings settings) {
    this.redis = redis;
    this.keys = new QueueKeys(settings.shardCount());
    this.settings = settings;
    this.sweep = new QueueSweepReads(redis, settings.shardCount());
  }

  /** Where each card stands in every task type's queue, in the order given: one pipeline. */
  public List<QueuedCard> entriesOf(List<Long> cardIds) {
    if (cardIds.isEmpty()) {
      return List.of();
    }
    int shardCount = settings.shardCount();
    List<List<Integer>> byShard = new ArrayList<>(shardCount);
    for (int shard = 0; shard < shardCount; shard++) {
      byShard.add(new ArrayList<>());
    }
    for (int i = 0; i < cardIds.size(); i++) {
      byShard.get(keys.shardOf(cardIds.get(i))).add(i);
    }
    TaskType[] types = TaskType.values();
    List<Object> replies =
        call(
            "read the queue entries of " + cardIds.size() + " cards",
            () ->
                redis.executePipelined(
                    (RedisCallback<Object>)
                        c -> {
                          for (int shard = 0; shard < shardCount; shard++) {
                            List<Integer> indices = byShard.get(shard);
                            if (indices.isEmpty()) {
                              continue;
                            }
                            byte[][] members = new byte[indices.size()][];
                            for (int i = 0; i < members.length; i++) {
                              members[i] = bytes(cardIds.get(indices.get(i)).toString());
                            }
                            for (TaskType type : types) {
                              c.zSetCommands()
                                  .zMScore(bytes(RedisKeys.shardQueue(shard, type)), members);
                            }
                          }
                          return null;
                        }));
    List<Map<TaskType, QueueEntry>> found = new ArrayList<>(cardIds.size());
    for (int i = 0; i < cardIds.size(); i++) {
      found.add(new EnumMap<>(TaskType.class));
    }
    int reply = 0;
    for (int shard = 0; shard < shardCount; shard++) {
      List<Integer> indices = byShard.get(shard);
      if (indices.isEmpty()) {
        continue;
      }
      for (TaskType type : types) {
        List<?> scores = (List<?>) replies.get(reply++);
        for (int i = 0; i < indices.size(); i++) {
          if (scores.get(i) instanceof Number score) {
            int index = indices.get(i);
            found
                .get(index)
                .put(type, new QueueEntry(cardIds.get(index), shard, type, score.doubleValue()));
          }
        }
      }
    }
    List<QueuedCard> cards = new ArrayList<>(cardIds.size());
    for (int i = 0; i < cardIds.size(); i++) {
      cards.add(new QueuedCard(cardIds.get(i), found.get(i)));
    }
    return cards;
  }

  /**
   * Every entry of one shard queue, {@code chunkSize} at a time (ZSCAN: an entry present from start
   * to end is seen at least once; one added or removed meanwhile may or may not be).
   */
  public void scan(int shard, TaskType type, int chunkSize, Consumer<List<QueueEntry>> chunks) {
    String key =
        RedisKeys.shardQueue(requireShard(shard, settings.shardCount()), requireType(type));
    ScanOptions options = ScanOptions.scanOptions().count(chunkSize).build();
    call(
        "scan " + key,
        () -> {
          try (Cursor<TypedTuple<String>> cursor = redis.opsForZSet().scan(key, options)) {
            List<QueueEntry> chunk = new ArrayList<>(chunkSize);
            while (cursor.hasNext()) {
              TypedTuple<String> tuple = cursor.next();
              Long cardId = cardIdOf(tuple.getValue());
              if (cardId == null || tuple.getScore() == null) {
                log.debug("{}: '{}' is not a card id, left to the next lease", key, tuple);
                continue;
              }
              chunk.add(new QueueEntry(cardId, shard, type, tuple.getScore()));
              if (chunk.size() == chunkSize) {
                chunks.accept(chunk);
                chunk = new ArrayList<>(chunkSize);
              }
            }
            if (!chunk.isEmpty()) {
              chunks.accept(chunk);
            }
          }
          return null;
        });
  }

  /**
   * One step of a scan of a shard queue that goes on from {@code cursor} (0 starts it): about
   * {@code count} members, and the cursor of the next step (0 at the end). A scan kept across calls
   * from 0 back to 0 returns every entry present from its start to its end at least once.
   */
  public ScanStep scanStep(int shard, TaskType type, long cursor, int count) {
    return sweep.step(
        requireShard(shard, settings.shardCount()),
        requireType(type),
        cursor,
        QueueArguments.requirePositive(count, "scan count"));
  }

  /**
   * The entries of every queue scored after {@code horizon}, at most {@code limitPerQueue} of each
   * queue (the lowest scores first): one pipeline of ZRANGEBYSCORE, each as cheap as what it
   * returns.
   */
  public List<QueueEntry> entriesAfter(Instant horizon, int limitPerQueue) {
    return sweep.beyond(horizon, QueueArguments.requirePositive(limitPerQueue, "limit"));
  }

  /** How many entries the shard queues of every task type hold together (ZCARD each). */
  public long entryCount() {
    return sweep.count();
  }

  /** Adds each check whose card is absent from that queue (ZADD NX): true per check added. */
  public boolean[] addIfAbsent(List<ScheduledCheck> checks) {
    if (checks.isEmpty()) {
      return new boolean[0];
    }
    List<Object> replies =
        call(
            "add " + checks.size() + " missing checks",
            () ->
                redis.executePipelined(
                    (RedisCallback<Object>)
                        c -> {
                          for (ScheduledCheck check : checks) {
                            c.zSetCommands()
                                .zAdd(
                                    bytes(keys.of(check.cardId(), check.taskType())),
                                    QueueScores.score(check.nextCheckAt()),
                                    bytes(Long.toString(check.cardId())),
                                    ZAddArgs.ifNotExists());
                          }
                          return null;
                        }));
    boolean[] added = new boolean[checks.size()];
    for (int i = 0; i < added.length; i++) {
      added[i] = Boolean.TRUE.equals(replies.get(i));
    }
    return added;
  }

  /**
   * Removes each entry whose score is still exactly the one read: true per entry removed, false
   * where someone changed or removed it since.
   */
  public boolean[] removeIfUnchanged(List<QueueEntry> entries) {
    if (entries.isEmpty()) {
      return new boolean[0];
    }
    byte[] script = bytes(REMOVE_IF_UNCHANGED.getScriptAsString());
    List<Object> replies =
        call(
            "remove " + entries.size() + " entries",
            () ->
                redis.executePipelined(
                    (RedisCallback<Object>)
                        c -> {
                          // One call per entry, in the queue it was read from: repairs are few.
                          for (QueueEntry entry : entries) {
                            c.scriptingCommands()
                                .eval(
                                    script,
                                    ReturnType.MULTI,
                                    1,
                                    bytes(RedisKeys.shardQueue(entry.shard(), entry.type())),
                                    bytes(Double.toString(entry.score())),
                                    bytes(Long.toString(entry.cardId())));
                          }
                          return null;
                        }));
    boolean[] removed = new boolean[entries.size()];
    for (int i = 0; i < removed.length; i++) {
      List<?> flags = (List<?>) replies.get(i);
      removed[i] = ((Number) flags.get(0)).longValue() == 1;
    }
    return removed;
  }

  /**
   * Whether the entry's score may be a lease deadline: a leased card is scored at most one lease
   * (and the instances' clock differences) ahead. A check scheduled that soon cannot be told from a
   * lease, so it counts as one too. Only an entry in its card's own shard can be a lease a check
   * holds: a handler claims its task's lease in the card's shard ({@code cardId % shardCount}), so
   * an entry in another shard's queue, however it is scored, is never claimed and never completed
   * ({@link #inItsCardsShard}).
   */
  public boolean mayBeLeased(QueueEntry entry, Instant now) {
    Instant at = entry.at();
    return at.isAfter(now) && !at.isAfter(now.plus(settings.lease()).plus(CLOCK_SLACK));
  }

  /** Whether the entry sits in the queue of its card's shard, the only one a check works on. */
  public boolean inItsCardsShard(QueueEntry entry) {
    return keys.shardOf(entry.cardId()) == entry.shard();
  }

  /** The shard whose queues hold the card: {@code cardId % shardCount}. */
  public int shardOf(long cardId) {
    return keys.shardOf(cardId);
  }

  public int shardCount() {
    return settings.shardCount();
  }

  /** The card id a member names, or null for a member that is not one. */
  static Long cardIdOf(String member) {
    try {
      long id = Long.parseLong(member);
      return id > 0 ? id : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
