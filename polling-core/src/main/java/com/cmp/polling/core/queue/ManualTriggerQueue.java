package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueArguments.requireCardId;
import static com.cmp.polling.core.queue.QueueArguments.requirePositive;
import static com.cmp.polling.core.queue.QueueArguments.requireType;
import static com.cmp.polling.core.queue.QueueCommands.bytes;
import static com.cmp.polling.core.queue.QueueCommands.call;

import com.cmp.polling.core.redis.LuaScripts;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.RedisZSetCommands.ZAddArgs;
import org.springframework.data.redis.connection.zset.Tuple;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.ZSetOperations.TypedTuple;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Manual triggers, one sorted set per task type ({@link RedisKeys#manualTriggers}: card id scored
 * by trigger time). They are taken like shard queue members — leased, not removed — and removed
 * only once Kafka acknowledged their task, so a trigger taken and then not published (Kafka away,
 * the scheduler dying) comes back instead of being lost. A card triggered again before its trigger
 * was handled is triggered once. Reached through {@link PollingQueueManager#manualTriggers()}.
 */
public final class ManualTriggerQueue {

  private static final Logger log = LoggerFactory.getLogger(ManualTriggerQueue.class);

  private static final RedisScript<Long> MOVE_MANUAL_LIST =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/move_manual_list.lua", Long.class);
  private static final RedisScript<Long> REMOVE_IF_LEASED =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/remove_if_leased.lua", Long.class);
  private static final RedisScript<Long> RELEASE_IF_LEASED =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/release_if_leased.lua", Long.class);

  /** Entries of the old list moved per take; a larger backlog moves over the next rounds. */
  private static final int MOVED_PER_TAKE = 10_000;

  private final StringRedisTemplate redis;
  private final QueueCommands commands;
  private final Duration lease;
  private final Clock clock;

  ManualTriggerQueue(
      StringRedisTemplate redis, QueueCommands commands, Duration lease, Clock clock) {
    this.redis = redis;
    this.commands = commands;
    this.lease = lease;
    this.clock = clock;
  }

  /**
   * Asks for a check of the card at the next scheduler tick; its shard queue is untouched. ZADD LT:
   * a card not waiting is added now; one already waiting keeps its earlier time (checked once); one
   * whose trigger is being published (leased, scored in the future) is due again, so the new
   * trigger outlives the removal of the old one.
   */
  public void enqueue(long cardId, TaskType type) {
    enqueueAt(cardId, type, clock.instant());
  }

  /**
   * {@link #enqueue} due at {@code at} rather than now: a manual check that could not run (its
   * carrier refused or was busy) is triggered again a little later, through the manual topic. Same
   * ZADD LT, so it is safe against the trigger's own lease: while the trigger that brought the
   * check is still leased (Kafka's acknowledgement not yet settled), its score is the lease
   * deadline; an earlier {@code at} replaces it, and the settling, finding another score, leaves
   * it.
   *
   * @throws IllegalArgumentException when {@code at} is not before a lease taken now would end: the
   *     settling of a trigger still leased could then remove it
   */
  public void enqueueAt(long cardId, TaskType type, Instant at) {
    if (!at.isBefore(QueueScores.leaseDeadline(clock.instant(), lease))) {
      throw new IllegalArgumentException(
          "a manual trigger must be due within the lease (" + lease + "), was " + at);
    }
    byte[] key = bytes(RedisKeys.manualTriggers(requireType(type)));
    byte[] member = bytes(Long.toString(requireCardId(cardId)));
    double score = QueueScores.score(at);
    call(
        "enqueue manual " + type.code() + " of card " + cardId,
        () ->
            redis.execute(
                (RedisCallback<Boolean>)
                    c -> c.zSetCommands().zAdd(key, score, member, ZAddArgs.empty().lt())));
  }

  /**
   * Takes up to {@code max} due triggers of one type, oldest first, as a lease (their score moves
   * to the lease deadline each entry carries): settle them with {@link #published} or {@link
   * #notPublished}; a trigger never settled comes due again when its lease ends. Triggers the old
   * list still holds are moved in first.
   */
  public List<CardEntry> take(TaskType type, int max) {
    requirePositive(max, "max");
    Instant now = clock.instant();
    Instant deadline = QueueScores.leaseDeadline(now, lease);
    String key = RedisKeys.manualTriggers(requireType(type));
    String oldList = RedisKeys.manualQueue(type);
    Long moved =
        call(
            "move " + oldList,
            () ->
                redis.execute(
                    MOVE_MANUAL_LIST,
                    List.of(oldList, key),
                    QueueScores.argument(now),
                    Integer.toString(MOVED_PER_TAKE)));
    if (moved != null && moved > 0) {
      log.info("{} manual triggers moved from the old list {} to {}", moved, oldList, key);
    }
    moveUntaggedSet(type, key);
    return commands.lease(key, now, max, deadline, "take manual triggers from " + key);
  }

  /**
   * Moves what the set's untagged name (versions before Redis Cluster support) still holds into the
   * tagged set, each entry with its score (LT: the earlier time wins). Not one atomic step — on a
   * cluster the two names may live on two masters — but safe to repeat or to run in two schedulers
   * at once: an entry leaves the old set only after it is in the new one, and adding it twice
   * changes nothing. Cheap once the old set is gone: one EXISTS.
   */
  private void moveUntaggedSet(TaskType type, String key) {
    String untagged = RedisKeys.untaggedManualTriggers(type);
    if (!Boolean.TRUE.equals(call("look for " + untagged, () -> redis.hasKey(untagged)))) {
      return;
    }
    Set<TypedTuple<String>> entries =
        call(
            "read " + untagged,
            () -> redis.opsForZSet().rangeWithScores(untagged, 0, MOVED_PER_TAKE - 1));
    if (entries == null || entries.isEmpty()) {
      return;
    }
    Set<Tuple> tuples = new LinkedHashSet<>();
    entries.forEach(e -> tuples.add(Tuple.of(bytes(e.getValue()), e.getScore())));
    call(
        "move " + untagged,
        () ->
            redis.execute(
                (RedisCallback<Long>)
                    c -> c.zSetCommands().zAdd(bytes(key), tuples, ZAddArgs.empty().lt())));
    Object[] members = entries.stream().map(TypedTuple::getValue).toArray();
    call("empty " + untagged, () -> redis.opsForZSet().remove(untagged, members));
    log.info("{} manual triggers moved from {} to {}", entries.size(), untagged, key);
  }

  /**
   * Triggers whose tasks Kafka acknowledged: removed, unless triggered again meanwhile (their score
   * is then no longer the lease {@code taken} carries).
   */
  public void published(TaskType type, Collection<CardEntry> taken) {
    String key = RedisKeys.manualTriggers(requireType(type));
    byLease(taken)
        .forEach(
            (lease, cardIds) ->
                call(
                    "remove " + cardIds.size() + " published triggers from " + key,
                    () ->
                        redis.execute(REMOVE_IF_LEASED, List.of(key), arguments(lease, cardIds))));
  }

  /** Triggers whose tasks Kafka certainly refused: due again at once, not after their lease. */
  public void notPublished(TaskType type, Collection<CardEntry> taken) {
    Instant now = clock.instant();
    String key = RedisKeys.manualTriggers(requireType(type));
    byLease(taken)
        .forEach(
            (lease, cardIds) -> {
              List<String> arguments = new ArrayList<>(cardIds.size() + 2);
              arguments.add(QueueScores.argument(lease));
              arguments.add(QueueScores.argument(now));
              cardIds.forEach(id -> arguments.add(Long.toString(id)));
              call(
                  "give back " + cardIds.size() + " triggers to " + key,
                  () ->
                      redis.execute(
                          RELEASE_IF_LEASED, List.of(key), arguments.toArray(Object[]::new)));
            });
  }

  /**
   * Triggers of one type waiting or being published, plus any the old list or the untagged set
   * still hold.
   */
  public long length(TaskType type) {
    String key = RedisKeys.manualTriggers(requireType(type));
    Long waiting = call("length of " + key, () -> redis.opsForZSet().zCard(key));
    String oldList = RedisKeys.manualQueue(type);
    Long old = call("length of " + oldList, () -> redis.opsForList().size(oldList));
    String untagged = RedisKeys.untaggedManualTriggers(type);
    Long untaggedWaiting = call("length of " + untagged, () -> redis.opsForZSet().zCard(untagged));
    return (waiting == null ? 0 : waiting)
        + (old == null ? 0 : old)
        + (untaggedWaiting == null ? 0 : untaggedWaiting);
  }

  private static Map<Instant, List<Long>> byLease(Collection<CardEntry> taken) {
    Map<Instant, List<Long>> byLease = new LinkedHashMap<>();
    taken.forEach(
        e -> byLease.computeIfAbsent(e.leaseUntil(), l -> new ArrayList<>()).add(e.cardId()));
    return byLease;
  }

  private static Object[] arguments(Instant lease, List<Long> cardIds) {
    Object[] arguments = new Object[cardIds.size() + 1];
    arguments[0] = QueueScores.argument(lease);
    for (int i = 0; i < cardIds.size(); i++) {
      arguments[i + 1] = Long.toString(cardIds.get(i));
    }
    return arguments;
  }
}
