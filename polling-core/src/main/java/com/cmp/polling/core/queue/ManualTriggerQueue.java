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
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.data.redis.connection.RedisZSetCommands.ZAddArgs;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Manual triggers, one sorted set per task type ({@link RedisKeys#manualTriggers}: card id scored
 * by trigger time). They are taken like shard queue members — leased, not removed — and removed
 * only once Kafka acknowledged their task, so a trigger taken and then not published (Kafka away,
 * the scheduler dying) comes back instead of being lost. A card triggered again before its trigger
 * was handled is triggered once. Reached through {@link PollingQueueManager#manualTriggers()}.
 */
public final class ManualTriggerQueue {

  private static final RedisScript<Long> REMOVE_IF_LEASED =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/remove_if_leased.lua", Long.class);
  private static final RedisScript<Long> RELEASE_IF_LEASED =
      LuaScripts.load("com/cmp/polling/core/queue/scripts/release_if_leased.lua", Long.class);

  private final StringRedisTemplate redis;
  private final DueLeases leases;
  private final Duration lease;
  private final Clock clock;

  ManualTriggerQueue(StringRedisTemplate redis, DueLeases leases, Duration lease, Clock clock) {
    this.redis = redis;
    this.leases = leases;
    this.lease = lease;
    this.clock = clock;
  }

  /**
   * Asks for a check of the card by the manual lane of the scheduler, within its interval; the
   * card's shard queue is untouched. ZADD LT: a card not waiting is added now; one already waiting
   * keeps its earlier time (checked once); one whose trigger is being published (leased, scored in
   * the future) is due again, so the new trigger outlives the removal of the old one.
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
   * #notPublished}; a trigger never settled comes due again when its lease ends.
   */
  public List<CardEntry> take(TaskType type, int max) {
    return takeAll(List.of(requireType(type)), max).get(type);
  }

  /**
   * {@link #take} for every type of {@code types} in one round trip: one script call per type's set
   * (each set has a slot of its own), all in one pipeline.
   */
  public Map<TaskType, List<CardEntry>> takeAll(Collection<TaskType> types, int max) {
    requirePositive(max, "max");
    List<TaskType> ordered = List.copyOf(types);
    Instant now = clock.instant();
    List<List<String>> sets =
        ordered.stream().map(type -> List.of(RedisKeys.manualTriggers(requireType(type)))).toList();
    List<List<List<CardEntry>>> taken =
        leases.leaseAll(
            sets,
            now,
            max,
            QueueScores.leaseDeadline(now, lease),
            "take manual triggers of " + ordered.stream().map(TaskType::code).toList());
    Map<TaskType, List<CardEntry>> byType = new EnumMap<>(TaskType.class);
    for (int i = 0; i < ordered.size(); i++) {
      byType.put(ordered.get(i), taken.get(i).get(0));
    }
    return byType;
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

  /** Triggers of one type waiting or being published. */
  public long length(TaskType type) {
    String key = RedisKeys.manualTriggers(requireType(type));
    Long waiting = call("length of " + key, () -> redis.opsForZSet().zCard(key));
    return waiting == null ? 0 : waiting;
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
