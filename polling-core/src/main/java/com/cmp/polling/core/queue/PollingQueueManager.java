package com.cmp.polling.core.queue;

import static com.cmp.polling.core.queue.QueueArguments.requireCardId;
import static com.cmp.polling.core.queue.QueueArguments.requirePositive;
import static com.cmp.polling.core.queue.QueueArguments.requireShard;
import static com.cmp.polling.core.queue.QueueArguments.requireType;

import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.data.redis.connection.RedisZSetCommands.ZAddArgs;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The only code that touches the polling queues in Redis: sharded sorted sets of card ids scored by
 * next check time, and manual triggers. Dequeue is a lease, so no card is lost between dequeue and
 * completion. Arguments are checked before Redis; every call is retryable.
 */
public class PollingQueueManager {

  /** Largest batch one dequeue hands out (the seed's Lua unpack limit). */
  public static final int MAX_BATCH = 7000;

  private final QueueCommands commands;
  private final QueueKeys keys;
  private final DueLeases leases;
  private final CardMoves moves;
  private final ManualTriggerQueue manual;
  private final LeaseClaims claims;
  private final QueueFigures figures;
  private final QueueSettings settings;
  private final Clock clock;

  public PollingQueueManager(StringRedisTemplate redis, QueueSettings settings, Clock clock) {
    this.commands = new QueueCommands(redis);
    this.keys = new QueueKeys(settings.shardCount());
    this.leases = new DueLeases(redis, keys, settings.shardCount());
    this.moves = new CardMoves(redis, keys, settings.shardCount());
    this.manual = new ManualTriggerQueue(redis, leases, settings.lease(), clock);
    this.claims = new LeaseClaims(redis, keys);
    this.figures = new QueueFigures(redis, commands, keys, clock);
    this.settings = settings;
    this.clock = clock;
  }

  /**
   * Leases up to {@code batchSize} (at most {@link #MAX_BATCH}) due cards of one shard, oldest
   * first, each with the deadline written; callers get disjoint sets; a leased card comes due again
   * when its lease ends unless {@link #complete} or {@link #requeue} gives it a new time first.
   */
  public List<CardEntry> dequeueReady(int shard, TaskType type, int batchSize) {
    String key = keys.of(requireShard(shard, settings.shardCount()), requireType(type));
    Instant now = clock.instant();
    String operation = "dequeue shard " + shard + " " + type.code();
    return leases.lease(key, now, batch(batchSize), deadline(now), operation);
  }

  /**
   * {@link #dequeueReady} of every shard for each of {@code types} in one round trip (one script
   * per shard over its queues of those types, in one pipeline): per shard, the cards per type.
   */
  public List<Map<TaskType, List<CardEntry>>> dequeueReadyAll(Set<TaskType> types, int batchSize) {
    Instant now = clock.instant();
    return leases.leaseShards(types, now, batch(batchSize), deadline(now));
  }

  /** Whether each task's lease is current (then moved to now + lease) or superseded. */
  public boolean[] claimLeases(TaskType type, List<LeaseClaim> leases) {
    return claims.claim(requireType(type), leases, deadline(clock.instant()));
  }

  /** Puts the card in its shard queue at {@code nextCheckAt}, whether it was there or not. */
  public void requeue(long cardId, TaskType type, Instant nextCheckAt) {
    commands.add(keys.of(cardId, type), cardId, nextCheckAt, "requeue " + describe(cardId, type));
  }

  /**
   * Ends a check: the card moves to {@code nextCheckAt} only if still queued (one deleted or
   * disabled meanwhile is not brought back) and not due (one made due meanwhile, by a change asking
   * for a check now, is checked again now). False when the card had left the queue.
   */
  public boolean complete(long cardId, TaskType type, Instant nextCheckAt) {
    String operation = "complete " + describe(cardId, type);
    return commands.complete(
        keys.of(cardId, type), cardId, nextCheckAt, clock.instant(), operation);
  }

  /**
   * Many next checks in one pipeline (one ZADD per shard and type; a card listed twice gets its
   * later entry); idempotent. {@code onlyIfAbsent}: cards already queued are left alone.
   */
  public void requeueAll(Collection<ScheduledCheck> checks, boolean onlyIfAbsent) {
    commands.addAll(
        keys.group(checks),
        onlyIfAbsent ? ZAddArgs.ifNotExists() : ZAddArgs.empty(),
        "requeue " + checks.size() + " checks");
  }

  /** {@link #requeueAll(Collection, boolean)} overwriting existing times. */
  public void requeueAll(Collection<ScheduledCheck> checks) {
    requeueAll(checks, false);
  }

  /**
   * Makes the cards queued for {@code type} due now in one pipeline (ZADD XX LT): cards not queued
   * stay out, cards due earlier keep their place, leased ones come due (their task is superseded).
   */
  public void makeDue(TaskType type, Collection<Long> cardIds) {
    Instant now = clock.instant();
    commands.addAll(
        keys.group(cardIds.stream().map(id -> new ScheduledCheck(id, type, now)).toList()),
        ZAddArgs.ifExists().lt(),
        "make " + cardIds.size() + " " + type.code() + " checks due");
  }

  /** {@link #complete} for many checks in one pipeline: one script call per shard and type. */
  public void completeAll(Collection<ScheduledCheck> checks) {
    commands.completeAll(
        keys.group(checks), clock.instant(), "complete " + checks.size() + " checks");
  }

  /**
   * Moves cards between their task types' queues as planned, each card in one step (no reader sees
   * it half moved): one script call per shard over its queues of every type, in one pipeline.
   */
  public void move(Collection<EntryChange> changes) {
    moves.apply(changes);
  }

  /** Takes the card out of one task type's queue (its config no longer asks for that check). */
  public void remove(long cardId, TaskType type) {
    commands.removeFromAll(
        List.of(keys.of(cardId, type)), cardId, "remove " + describe(cardId, type));
  }

  /** Removes the card from every shard queue of every task type, protect included. */
  public void removeFromAllQueues(long cardId) {
    commands.removeFromAll(
        keys.all(), requireCardId(cardId), "remove card " + cardId + " from all queues");
  }

  /** The manual triggers: asking for a check now, taking and settling them, their count. */
  public ManualTriggerQueue manualTriggers() {
    return manual;
  }

  /** Whether the card is in its shard queue for {@code type} (scheduled or leased). */
  public boolean isQueued(long cardId, TaskType type) {
    return commands.scoreOf(keys.of(cardId, type), cardId, "find " + describe(cardId, type))
        != null;
  }

  /** Cards scheduled in one shard queue (ZCARD): a monitoring figure. */
  public long getQueueDepth(int shard, TaskType type) {
    return figures.depth(requireShard(shard, settings.shardCount()), requireType(type));
  }

  /** Cards scheduled in all shards; a shard that fails is left out with a warning. */
  public long getTotalQueueDepth(TaskType type) {
    return figures.totalDepth(type);
  }

  /** Cards due at {@code now} or earlier in all shards; a failed shard is left out, logged. */
  public long getOverdueCount(TaskType type, Instant now) {
    return figures.overdue(type, now);
  }

  /** Cards due and not leased, and the oldest's wait: whole, or an exception naming the shard. */
  public Backlog getBacklog(TaskType type) {
    return figures.backlog(type);
  }

  /** The shard of a card: {@code cardId % shardCount}. */
  public int shardOf(long cardId) {
    return keys.shardOf(cardId);
  }

  public int shardCount() {
    return settings.shardCount();
  }

  private static int batch(int batchSize) {
    return Math.min(requirePositive(batchSize, "batch size"), MAX_BATCH);
  }

  private Instant deadline(Instant now) {
    return QueueScores.leaseDeadline(now, settings.lease());
  }

  private static String describe(long cardId, TaskType type) {
    return type.code() + " of card " + cardId;
  }
}
