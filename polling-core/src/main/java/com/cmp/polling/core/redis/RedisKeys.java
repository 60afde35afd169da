package com.cmp.polling.core.redis;

import com.cmp.polling.schemas.task.TaskType;
import java.time.LocalDate;

/**
 * Every Redis key of the polling system, built in one place (docs/architecture.md, "Redis keys").
 * Key names are part of the contract with operators and the data already in Redis: a renamed key
 * needs its move at start-up (the {@code legacy*} names below).
 *
 * <p>On a Redis Cluster every key lives in the hash slot of its name, or of the part of its name in
 * braces (a hash tag). A script or a RENAME must find all its keys in one slot, so the keys used
 * together carry a tag they share: a shard's queues of every task type (one script moves a card
 * between them), the manual trigger set and the old manual list, the configs' staging copy and the
 * configs. The shards' tags are chosen to spread them evenly over the masters ({@link ShardTags}).
 * Every other key is used alone and spreads over the masters by its name.
 */
public final class RedisKeys {

  /** Progress of the card initializer (HASH). */
  public static final String INIT_PROGRESS = "polling:init:progress";

  /**
   * Written when the initializer starts filling the queues; its absence later means Redis lost its
   * data (restart without persistence, flush) and the queues must be rebuilt (STRING).
   */
  public static final String INIT_MARKER = "polling:init:marker";

  /**
   * The shard count the polling queues were built with (STRING): every process refuses to start
   * when its {@code cmp.polling.queue.shard-count} differs, since cards would be looked for in the
   * wrong shards.
   */
  public static final String SHARD_COUNT = "polling:queue:shard-count";

  /**
   * Only one scheduler instance initializes, rebuilds or reconciles the queues at a time (STRING
   * with TTL).
   */
  public static final String INIT_LOCK = "polling:init:lock";

  /**
   * The queue reconciler's pass under way, or its last one, whichever instance ran it: counts by
   * kind, costs, outcome (HASH).
   */
  public static final String RECONCILE_STATUS = "polling:reconcile:status";

  /**
   * The latest back-pressure decisions to hold a task type back, of every scheduler instance (LIST
   * of JSON entries, newest first, trimmed to a few hundred).
   */
  public static final String HOLD_BACKS = "polling:backpressure:hold-backs";

  /**
   * Rebuild and reconcile requests of the operator app (LIST of JSON): each is taken by one
   * scheduler instance, which answers under {@link #schedulerAnswer}.
   */
  public static final String SCHEDULER_REQUESTS = "polling:scheduler:requests";

  /**
   * Where the queue reconciler stands between passes (HASH): the highest planning change it has
   * compared, its sweep's position, and what its last full pass saw (queues built, replication
   * slot, configs). Gone means a full pass next.
   */
  public static final String RECONCILE_PROGRESS = "polling:reconcile:progress";

  /**
   * When the lifecycle listener last created its replication slot (STRING, ISO instant): changes
   * committed before a slot existed never reach the queues through the change stream.
   */
  public static final String CDC_SLOT_CREATED = "polling:cdc:slot-created";

  /**
   * Cards under a protection period (ZSET: card id scored by the period's end, unix seconds): lets
   * the initializer find the few protected cards without one lookup per card.
   */
  public static final String PROTECTION_INDEX = "polling:protect:index";

  /** The enabled polling configs as the config manager last loaded them (HASH, TTL 24 h). */
  public static final String CONFIGS = "polling:configs";

  /**
   * Pub/sub channel: a polling config changed, every process should reload the configs now rather
   * than at its next periodic refresh.
   */
  public static final String CONFIGS_CHANGED = "polling:configs:changed";

  /**
   * Pub/sub channel: a rule switch changed (admin API), every process should reload the switches
   * now rather than at its next periodic refresh.
   */
  public static final String RULE_SWITCHES_CHANGED = "polling:rules:switches:changed";

  /**
   * Where the lifecycle listener's re-enrollment after a config change stands (STRING: {@code
   * running <fingerprint>} with a short TTL renewed page by page, or {@code done <fingerprint>}):
   * the queue reconciler trusts a config change the stream has carried into every queue, and runs
   * no full pass for it.
   */
  public static final String CONFIGS_REENROLLMENT = "polling:configs:reenrollment";

  /**
   * The interval stretches the scheduler publishes (HASH: carrier id to the factor, at least 1, by
   * which the next checks of that carrier's cards are planned further apart); a carrier absent is
   * not stretched.
   */
  public static final String BUDGET_STRETCHES = "polling:budget:stretches";

  /**
   * What the scheduler last computed of each carrier account's budget (HASH: account name to a JSON
   * report: calls needed and allowed, stretch, effective intervals), for the operator app.
   */
  public static final String BUDGET_REPORTS = "polling:budget:reports";

  /**
   * Which scheduler instance computes the budgets' stretches (STRING: the holding instance's id,
   * with a TTL its holder renews at each run).
   */
  public static final String BUDGET_LOCK = "polling:budget:lock";

  private RedisKeys() {}

  /**
   * {@code polling:shard:{<n>-<suffix>}:queue:<taskType>} (ZSET: card id scored by next check
   * time), e.g. {@code polling:shard:{8-qth}:queue:carddata}. The braces hold the shard's hash tag:
   * its four task types share one slot, and the shards spread evenly over a cluster's masters.
   */
  public static String shardQueue(int shard, TaskType type) {
    return "polling:shard:{" + ShardTags.of(shard) + "}:queue:" + type.code();
  }

  /**
   * {@code polling:manual:due:{polling:manual:<taskType>}} (ZSET: card id scored by trigger time,
   * unix seconds; a trigger being published is leased like a shard queue member, scored by its
   * lease deadline). The hash tag is the name of the old {@link #legacyManualList}: on a Redis
   * Cluster both are in one slot, as the script moving the list into the set needs.
   */
  public static String manualTriggers(TaskType type) {
    return "polling:manual:due:{polling:manual:" + type.code() + "}";
  }

  /**
   * {@code polling:shard:<n>:queue:<taskType>}: the shard queues' names before their hash tags.
   * Moved into {@link #shardQueue} once, at the scheduler's start.
   */
  public static String legacyShardQueue(int shard, TaskType type) {
    return "polling:shard:" + shard + ":queue:" + type.code();
  }

  /**
   * {@code polling:manual:<taskType>} (LIST of card ids triggered by hand): the manual triggers of
   * versions before the trigger set. Moved into {@link #manualTriggers} once, at the scheduler's
   * start.
   */
  public static String legacyManualList(TaskType type) {
    return "polling:manual:" + type.code();
  }

  /**
   * {@code polling:manual:due:<taskType>}: the name {@link #manualTriggers} had before its hash tag
   * (single server only). Moved into the tagged set once, at the scheduler's start.
   */
  public static String legacyManualTriggers(TaskType type) {
    return "polling:manual:due:" + type.code();
  }

  /**
   * {@code polling:configs:staging:<copyId>:{polling:configs}} (HASH): a process's new copy of the
   * configs, renamed onto {@link #CONFIGS} once complete. Tagged with the configs' name, so that on
   * a Redis Cluster the rename stays within one slot (atomic).
   */
  public static String configsStaging(String copyId) {
    return CONFIGS + ":staging:" + copyId + ":{" + CONFIGS + "}";
  }

  /**
   * {@code polling:scheduler:answer:{requestId}} (LIST with TTL): the answer of the scheduler
   * instance that took a request of {@link #SCHEDULER_REQUESTS}, for the operator waiting on it.
   */
  public static String schedulerAnswer(String requestId) {
    return "polling:scheduler:answer:" + requestId;
  }

  /** {@code polling:stats:{taskType}} (HASH: scheduler statistics). */
  public static String stats(TaskType type) {
    return "polling:stats:" + type.code();
  }

  /**
   * {@code polling:stats:queue_depth:{taskType}} (STRING: the cards queued for the type in all its
   * shards, a decimal number): the depth key of the system this one replaced, which its monitoring
   * readers still read; kept up to date by the scheduler.
   */
  public static String queueDepth(TaskType type) {
    return "polling:stats:queue_depth:" + type.code();
  }

  /**
   * {@code polling:protect:{cardId}} (STRING with TTL: desired state during a protection period).
   */
  public static String protection(long cardId) {
    return "polling:protect:" + cardId;
  }

  /**
   * {@code polling:card:op_lock:{cardId}} (STRING with TTL: stop/resume lock of a card outside any
   * device; cards in a device use their device's lock).
   */
  public static String cardOperationLock(long cardId) {
    return "polling:card:op_lock:" + cardId;
  }

  /** {@code polling:ratelimit:carrier:{id}} (STRING: next free gateway slot of the carrier). */
  public static String carrierRateLimit(long carrierId) {
    return "polling:ratelimit:carrier:" + carrierId;
  }

  /**
   * {@code polling:ratelimit:account:<name>} (STRING: the next free slot of a carrier account's
   * rate limit, shared by all its carriers).
   */
  public static String accountRateLimit(String account) {
    return "polling:ratelimit:account:" + account;
  }

  /**
   * {@code polling:budget:{<account>}:second} (HASH: {@code second}, the Redis server's epoch
   * second it counts, and {@code count}, the calls the account spent in it; short TTL). The
   * account's name is the hash tag: a spend reads its second and its day in one script.
   */
  public static String budgetSecond(String account) {
    return "polling:budget:{" + account + "}:second";
  }

  /**
   * {@code polling:budget:{<account>}:day:<yyyy-mm-dd>} (STRING: calls the account spent that UTC
   * day, kept two days).
   */
  public static String budgetDay(String account, LocalDate day) {
    return "polling:budget:{" + account + "}:day:" + day;
  }

  /** {@code polling:concurrency:{taskType}} (ZSET: checks of that type running anywhere). */
  public static String concurrency(TaskType type) {
    return "polling:concurrency:" + type.code();
  }

  /**
   * {@code polling:lifecycle:applied:{eventId}} (STRING with TTL): a lifecycle event already
   * applied to the queues, so that a redelivery changes nothing a second time.
   */
  public static String lifecycleApplied(String eventId) {
    return "polling:lifecycle:applied:" + eventId;
  }

  /** {@code polling:device:op_lock:{deviceId}} (STRING with TTL: device stop/resume lock). */
  public static String deviceOperationLock(long deviceId) {
    return "polling:device:op_lock:" + deviceId;
  }

  /**
   * {@code polling:checks:last:{cardId}} (HASH with TTL: task type code to the time and result of
   * the card's last check of that type). No longer written: the check handlers kept one per polled
   * card (about 1.2 GiB at 10 M cards, an HSET and an EXPIRE per check) for one reader, the
   * console's card page, which finds what it shows in PostgreSQL instead. The entries left expire
   * by their TTL (at most two days).
   *
   * @deprecated kept only while readers of its entries remain; to be removed with them
   */
  @Deprecated(forRemoval = true)
  public static String lastChecks(long cardId) {
    return "polling:checks:last:" + cardId;
  }

  /**
   * {@code polling:dlt:handled:{topic}} (SET of {@code partition@offset}): records of a dead-letter
   * topic an operator replayed or discarded. Kafka cannot delete one record, so the console leaves
   * these out.
   */
  public static String deadLettersHandled(String deadLetterTopic) {
    return "polling:dlt:handled:" + deadLetterTopic;
  }
}
