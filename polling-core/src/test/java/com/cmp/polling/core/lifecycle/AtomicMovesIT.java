package com.cmp.polling.core.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.config.PollingConfigStore;
import com.cmp.polling.core.device.DeviceStore;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.QueueSettings;
import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * A change of a card's status, device or config moves its queue entries in one step: a watcher
 * reading every card's queues of every task type at once, in a tight loop, never finds one in no
 * queue while thousands of moves run; and a batch of status changes costs one script call per
 * shard, in one pipeline, and no other write.
 */
class AtomicMovesIT {

  private static final Logger log = LoggerFactory.getLogger(AtomicMovesIT.class);

  private static final int CARDS = 1_600;
  private static final int SHARDS = 16;

  /**
   * Rounds of moves the watcher looks on at. Three take every kind of move both ways (a half, then
   * a third of the fleet stopped or back, the carddata interval shortened, lengthened and shortened
   * again), over 2 600 moves a round; more rounds only repeat them.
   */
  private static final int ROUNDS = 3;

  /** The cards of ARGV found in none of the KEYS, read in one step. */
  @SuppressWarnings("rawtypes")
  private static final RedisScript<List> IN_NO_QUEUE =
      RedisScript.of(
          """
          local found = {}
          for k = 1, #KEYS do
            local scores = redis.call('ZMSCORE', KEYS[k], unpack(ARGV))
            for i = 1, #ARGV do
              if scores[i] then found[i] = true end
            end
          end
          local missing = {}
          for i = 1, #ARGV do
            if not found[i] then missing[#missing + 1] = ARGV[i] end
          end
          return missing
          """,
          List.class);

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final PollingConfigManager configs =
      new PollingConfigManager(new PollingConfigStore(postgres.jdbc()), redis.template(), clock);
  private final PollingQueueManager queues =
      new PollingQueueManager(redis.template(), QueueSettings.DEFAULTS, clock);
  private final CardStore cards = new CardStore(postgres.jdbc());
  private final CardPlanner planner =
      new CardPlanner(
          configs,
          new DeviceStore(postgres.jdbc()),
          new ProtectionPeriods(redis.template(), clock),
          clock);
  private final PollingLifecycleService lifecycle =
      new PollingLifecycleService(cards, planner, queues, configs);

  @BeforeEach
  void fleet() {
    postgres.truncateBusinessTables();
    redis.flush();
    // Stopped cards are not package-checked here: a status change adds or removes a task type.
    postgres
        .jdbc()
        .sql("UPDATE tb_polling_config SET package_check_interval = NULL WHERE config_name = ?")
        .param("default-suspended")
        .update();
    configs.refreshNow();
    postgres
        .jdbc()
        .sql(
            "INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type, real_name_status)"
                + " SELECT '8986' || lpad(n::text, 16, '0'), 1, 'CMCC', 1"
                + " FROM generate_series(1, ?) n")
        .param(CARDS)
        .update();
    lifecycle.onBatchCardsCreated(ids());
  }

  @AfterEach
  void restoreTheDefaultConfigs() {
    postgres
        .jdbc()
        .sql("UPDATE tb_polling_config SET package_check_interval = 3600 WHERE config_name = ?")
        .param("default-suspended")
        .update();
  }

  @Test
  void statusChangesReEnablesAndConfigMoves_neverShowACardInNoQueue_toAWatcherInATightLoop()
      throws Exception {
    Set<String> seenInNoQueue = new ConcurrentSkipListSet<>();
    AtomicLong passes = new AtomicLong();
    AtomicBoolean moving = new AtomicBoolean(true);
    Thread watcher = new Thread(() -> watch(seenInNoQueue, passes, moving), "queue-watcher");
    watcher.start();
    long moves = 0;
    long configMoves = 0;
    try {
      for (int round = 0; round < ROUNDS; round++) {
        // Part of the fleet stops or comes back: activated <-> suspended, package checks on or off.
        postgres
            .jdbc()
            .sql("UPDATE tb_iot_card SET network_status = 1 - network_status WHERE id % ? = 0")
            .param(round % 2 == 0 ? 2 : 3)
            .update();
        for (List<Long> batch : batches(ids(), 400)) {
          lifecycle.onBatchCardsStatusChanged(batch);
          moves += batch.size();
        }
        for (long card = 1; card <= CARDS; card += 7) {
          lifecycle.onCardEnabled(card); // a device's polling switched on again: already queued
          moves++;
        }
        int moved = moveConfig(round % 2 == 0 ? 120 : 1800);
        assertThat(moved).as("cards moved by the config change of round %d", round).isPositive();
        configMoves += moved;
        clock.advance(Duration.ofSeconds(1));
      }
    } finally {
      moving.set(false);
      watcher.join();
    }

    moves += configMoves;
    log.info(
        "{} moves ({} by config changes), {} watcher passes", moves, configMoves, passes.get());
    // 8 153 in all: every card's status three times, 229 re-enables a round, the config moves.
    assertThat(moves).isGreaterThan(8_000);
    assertThat(passes.get()).as("watcher passes over the whole fleet").isGreaterThan(50);
    assertThat(seenInNoQueue).as("cards a watcher saw in no queue").isEmpty();
    // And the moves landed: online cards in three queues, stopped ones in two.
    Set<Long> stopped =
        Set.copyOf(
            postgres
                .jdbc()
                .sql("SELECT id FROM tb_iot_card WHERE network_status = 0")
                .query(Long.class)
                .list());
    assertThat(stopped).isNotEmpty().hasSizeLessThan(CARDS);
    for (long card = 1; card <= CARDS; card++) {
      assertThat(queues.isQueued(card, TaskType.PACKAGE))
          .as("card " + card)
          .isEqualTo(!stopped.contains(card));
      assertThat(queues.isQueued(card, TaskType.REALNAME)).isTrue();
    }
  }

  @Test
  void aBatchOfStatusChanges_isOneScriptCallPerShard_inOnePipeline_andNoOtherWrite() {
    postgres.jdbc().sql("UPDATE tb_iot_card SET network_status = 0").update();
    Map<String, Long> before = commandCalls();

    lifecycle.onBatchCardsStatusChanged(ids());

    Map<String, Long> during = since(before);
    assertThat(during.getOrDefault("eval", 0L) + during.getOrDefault("evalsha", 0L))
        .as("script calls, all in one pipeline")
        .isEqualTo(SHARDS);
    // Redis counts the commands a script runs too: per card the two task types the suspended
    // config keeps made due now, package and protect removed; nothing else was written.
    assertThat(during).containsEntry("zadd", 2L * CARDS).containsEntry("zrem", 2L * CARDS);
    assertThat(during).doesNotContainKeys("del", "hset", "hdel", "zremrangebyscore");
    assertThat(ids())
        .allSatisfy(
            card -> {
              assertThat(queues.isQueued(card, TaskType.PACKAGE)).isFalse();
              assertThat(queues.isQueued(card, TaskType.CARDDATA)).isTrue();
            });
  }

  /** The activated config's carddata interval changed, and the fleet re-enrolled page by page. */
  private int moveConfig(int carddataInterval) {
    ConfigSnapshot before = configs.snapshot();
    postgres
        .jdbc()
        .sql("UPDATE tb_polling_config SET carddata_check_interval = ? WHERE config_name = ?")
        .params(carddataInterval, "default-activated")
        .update();
    configs.refreshNow();
    ReenrollmentPage page = new ReenrollmentPage(planner, queues);
    int moved = 0;
    long lastId = 0;
    for (var batch = cards.findAfterForEnrollment(0, 500);
        !batch.isEmpty();
        batch = cards.findAfterForEnrollment(lastId, 500)) {
      moved += page.apply(batch, before, configs.snapshot());
      lastId = batch.get(batch.size() - 1).id();
    }
    return moved;
  }

  private void watch(Set<String> seenInNoQueue, AtomicLong passes, AtomicBoolean moving) {
    List<List<String>> keysByShard = new ArrayList<>();
    List<Object[]> membersByShard = new ArrayList<>();
    for (int shard = 0; shard < SHARDS; shard++) {
      List<String> keys = new ArrayList<>();
      for (TaskType type : TaskType.values()) {
        keys.add(RedisKeys.shardQueue(shard, type));
      }
      keysByShard.add(keys);
      List<String> members = new ArrayList<>();
      for (long card = shard == 0 ? SHARDS : shard; card <= CARDS; card += SHARDS) {
        members.add(Long.toString(card));
      }
      membersByShard.add(members.toArray());
    }
    while (moving.get()) {
      for (int shard = 0; shard < SHARDS; shard++) {
        List<?> missing =
            redis
                .template()
                .execute(IN_NO_QUEUE, keysByShard.get(shard), membersByShard.get(shard));
        missing.forEach(card -> seenInNoQueue.add(card.toString()));
      }
      passes.incrementAndGet();
    }
  }

  private static List<Long> ids() {
    List<Long> ids = new ArrayList<>(CARDS);
    for (long card = 1; card <= CARDS; card++) {
      ids.add(card);
    }
    return ids;
  }

  private static List<List<Long>> batches(List<Long> ids, int size) {
    List<List<Long>> batches = new ArrayList<>();
    for (int from = 0; from < ids.size(); from += size) {
      batches.add(ids.subList(from, Math.min(ids.size(), from + size)));
    }
    return batches;
  }

  /** Calls per command since the server started, summed over every master of a cluster. */
  private static Map<String, Long> commandCalls() {
    Properties stats =
        redis
            .template()
            .execute((RedisCallback<Properties>) c -> c.serverCommands().info("commandstats"));
    Map<String, Long> calls = new TreeMap<>();
    stats.forEach(
        (name, value) -> {
          String key = name.toString();
          String command = key.substring(key.indexOf("cmdstat_") + "cmdstat_".length());
          for (String field : value.toString().split(",")) {
            if (field.startsWith("calls=")) {
              calls.merge(command, Long.parseLong(field.substring(6)), Long::sum);
            }
          }
        });
    return calls;
  }

  private static Map<String, Long> since(Map<String, Long> before) {
    Map<String, Long> during = new TreeMap<>();
    commandCalls()
        .forEach(
            (command, calls) -> {
              long delta = calls - before.getOrDefault(command, 0L);
              if (delta > 0 && !command.equals("info")) {
                during.put(command, delta);
              }
            });
    return during;
  }
}
