package com.cmp.polling.core.queue;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.redis.OnRedisCluster;
import com.cmp.polling.testsupport.redis.RedisExtension;
import com.cmp.polling.testsupport.time.SettableClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.core.RedisCallback;

/**
 * On a real 3-master Redis Cluster (slots split evenly, as {@code redis-cli --cluster create}
 * does): every task type's 16 shard queues spread 5, 6 and 5 over the masters, asked of each master
 * itself, and the round's scripts that span a shard's task types run there.
 */
@OnRedisCluster
class QueueSpreadClusterIT {

  private static final Logger log = LoggerFactory.getLogger(QueueSpreadClusterIT.class);

  @RegisterExtension static final RedisExtension redis = new RedisExtension();

  private final SettableClock clock = new SettableClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final PollingQueueManager queues =
      new PollingQueueManager(redis.template(), QueueSettings.DEFAULTS, clock);

  @BeforeEach
  void emptyCluster() {
    redis.flush();
  }

  @Test
  void everyTaskTypesShards_spreadFiveSixFive_overTheThreeMasters() {
    List<ScheduledCheck> checks = new ArrayList<>();
    for (long card = 16; card < 32; card++) { // one card in each shard
      for (TaskType type : TaskType.values()) {
        checks.add(new ScheduledCheck(card, type, clock.instant()));
      }
    }
    queues.requeueAll(checks);

    Map<String, Map<TaskType, Integer>> perMaster = queuesPerMaster();

    log.info("shard queues per master and task type: {}", perMaster);
    assertThat(perMaster).hasSize(3);
    for (TaskType type : TaskType.values()) {
      assertThat(perMaster.values().stream().map(m -> m.getOrDefault(type, 0)).sorted().toList())
          .as(type.code())
          .containsExactly(5, 5, 6);
    }
  }

  @Test
  void oneRoundsLeases_andOneMoveOfCardsOfEveryShard_runAcrossTheMasters() {
    List<ScheduledCheck> due = new ArrayList<>();
    for (long card = 1; card <= 320; card++) {
      due.add(new ScheduledCheck(card, TaskType.REALNAME, clock.instant().minusSeconds(1)));
      due.add(new ScheduledCheck(card, TaskType.CARDDATA, clock.instant().plusSeconds(60)));
    }
    queues.requeueAll(due);

    var leased = queues.dequeueReadyAll(EnumSet.of(TaskType.REALNAME, TaskType.CARDDATA), 100);

    assertThat(leased).hasSize(16);
    assertThat(leased).allSatisfy(shard -> assertThat(shard.get(TaskType.REALNAME)).hasSize(20));
    assertThat(leased).allSatisfy(shard -> assertThat(shard.get(TaskType.CARDDATA)).isEmpty());

    List<EntryChange> changes = new ArrayList<>();
    for (long card = 1; card <= 320; card++) {
      changes.add(EntryChange.remove(card, TaskType.CARDDATA));
      changes.add(EntryChange.sooner(new ScheduledCheck(card, TaskType.PACKAGE, clock.instant())));
    }
    queues.move(changes);

    assertThat(queues.getTotalQueueDepth(TaskType.CARDDATA)).isZero();
    assertThat(queues.getOverdueCount(TaskType.PACKAGE, clock.instant())).isEqualTo(320);
  }

  /** Per master (by its port), how many queues of each task type it holds, asked of the master. */
  private Map<String, Map<TaskType, Integer>> queuesPerMaster() {
    return redis
        .template()
        .execute(
            (RedisCallback<Map<String, Map<TaskType, Integer>>>)
                c -> {
                  RedisClusterConnection cluster = (RedisClusterConnection) c;
                  Map<String, Map<TaskType, Integer>> perMaster = new TreeMap<>();
                  for (RedisClusterNode node : cluster.clusterGetNodes()) {
                    if (!node.isMaster()) {
                      continue;
                    }
                    Map<TaskType, Integer> counts = new TreeMap<>();
                    for (byte[] key : cluster.keys(node, "polling:shard:*".getBytes())) {
                      String name = new String(key);
                      TaskType type = TaskType.fromCode(name.substring(name.lastIndexOf(':') + 1));
                      counts.merge(type, 1, Integer::sum);
                    }
                    perMaster.put(node.getHost() + ":" + node.getPort(), counts);
                  }
                  return perMaster;
                });
  }
}
