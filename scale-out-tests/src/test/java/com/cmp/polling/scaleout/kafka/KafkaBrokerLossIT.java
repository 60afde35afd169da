package com.cmp.polling.scaleout.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.redis.RedisKeys;
import com.cmp.polling.scaleout.apps.AppLauncher;
import com.cmp.polling.scaleout.apps.ListenerReadiness;
import com.cmp.polling.scaleout.apps.RunningApp;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.ZSetOperations.TypedTuple;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * The lifecycle listener, the scheduler and the check handlers on a Kafka cluster of three broker
 * processes, with the pipeline's topics (and the listener's own) at replication factor 3 and min
 * ISR 2: one broker is killed (SIGKILL) while tasks flow, and every card is still checked, on time,
 * by the same app instances, cards written meanwhile included (enrolled through the change stream).
 * 2 000 cards are checked every 20 s (carddata only, 100 carrier calls a second); the lease of a
 * dequeued card is 5 minutes, so a task lost in the failover would leave its card unchecked for the
 * rest of the test: the test would see it. The interval is what the test waits for twice (every
 * card checked again, the late cards' first check), so it is kept short, and the fleet with it. The
 * victim is the broker that coordinates the carddata handlers' group, which also leads some of the
 * task topic's partitions.
 */
@TestMethodOrder(OrderAnnotation.class)
class KafkaBrokerLossIT {

  private static final Logger log = LoggerFactory.getLogger(KafkaBrokerLossIT.class);

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.cluster(3);

  static final int CARDS = 2_000;
  static final Duration INTERVAL = Duration.ofSeconds(20);
  static final Duration LEASE = Duration.ofMinutes(5);
  static final String TASKS = Topics.checkTasks(TaskType.CARDDATA).name();
  static final String SLOT = "it_broker_loss_" + UUID.randomUUID().toString().substring(0, 8);

  /** Cards written to the database after the broker died: enrolled through the change stream. */
  static final int LATE_CARDS = 20;

  static RunningSimulator simulator;
  static RunningApp handlers;
  static RunningApp scheduler;
  static RunningApp listener;
  static ClusterView cluster;
  static Map<Long, String> iccids;
  static int victim;

  @BeforeAll
  static void start() {
    // Every card online, verified and with an unlimited package: checked every 20 s, never
    // stopped (a stop would move it to another config).
    postgres
        .data()
        .config("scale-out-carddata")
        .condition("activated")
        .priority(10)
        .intervals(null, (int) INTERVAL.toSeconds(), null, null)
        .insert();
    iccids = new HashMap<>(insertCards(1, CARDS));

    simulator = GatewaySimulator.start();
    AppLauncher apps =
        AppLauncher.of(postgres, redis, kafka, simulator.baseUrl())
            .with(
                Map.of(
                    "cmp.polling.kafka.partitions", 6,
                    "cmp.polling.kafka.replication-factor", 3,
                    "cmp.polling.kafka.min-insync-replicas", 2,
                    "cmp.polling.queue.lease", LEASE.toString()));
    listener =
        apps.listener(
            "lifecycle-listener-1",
            // The engine restarts when Kafka does not acknowledge a change in time; with 3 s it
            // surely does during the failover (the handlers' usage updates are changes too), and
            // must go on from its offset. The slot is kept, as in production: a slot dropped on
            // stop would be gone by then, and the engine stuck.
            // Debezium hands its own properties to the Kafka clients of its offset store. When the
            // victim led the offset topic, the failed engine's last offset commit waited for the
            // topic's end offsets until the admin client's default 60 s timeout, and the late
            // cards' enrolment took 50-100 s instead of a few; with 10 s the engine restarts
            // soon after the new leader is there, whichever broker dies.
            Map.of(
                "cmp.polling.listener.cdc.slot-name",
                SLOT,
                "cmp.polling.kafka.ack-timeout",
                "3s",
                "cmp.polling.listener.cdc.debezium.[default.api.timeout.ms]",
                "10000",
                "cmp.polling.listener.cdc.debezium.[request.timeout.ms]",
                "5000"));
    ListenerReadiness.awaitSlotActive(postgres, SLOT, true);
    ListenerReadiness.awaitProcessing(listener);
    handlers = apps.handlers("check-handlers-1", Map.of());
    scheduler =
        apps.scheduler(
            "scheduler-1",
            Map.of(
                "cmp.polling.scheduler.initializer.pause",
                "0s",
                "cmp.polling.scheduler.triggers.enabled",
                false));
    cluster = new ClusterView(kafka.bootstrapServers());
  }

  @AfterAll
  static void stop() {
    for (AutoCloseable open :
        new AutoCloseable[] {scheduler, handlers, listener, simulator, cluster}) {
      try {
        if (open != null) {
          open.close();
        }
      } catch (Exception e) {
        // the servers go away next; nothing to do about a failed close
      }
    }
    // The test database can only be dropped without its slot.
    ListenerReadiness.awaitSlotActive(postgres, SLOT, false);
    postgres.jdbc().sql("SELECT pg_drop_replication_slot(?)").param(SLOT).query().singleRow();
  }

  @Test
  @Order(1)
  void theAppsCreateTheirTopicsWithThreeReplicasAndMinIsrTwo_andProduceWithAcksAll() {
    for (String topic :
        List.of(TASKS, Topics.TASK_CARDDATA.deadLetterName(), Topics.LIFECYCLE_NAME)) {
      assertThat(cluster.partitions(topic))
          .as(topic)
          .hasSize(6)
          .allSatisfy(partition -> assertThat(partition.replicas()).hasSize(3));
      assertThat(cluster.minInsyncReplicas(topic)).as(topic).isEqualTo("2");
    }
    // The topics the listener creates for itself: the engine's offsets, the Streams changelogs.
    List<String> internal =
        cluster.topicsStartingWith("cmp-lifecycle-topology-", "cmp-card-actions-");
    assertThat(internal).isNotEmpty();
    for (String topic : concat(internal, "cmp.lifecycle.cdc-offsets")) {
      assertThat(cluster.partitions(topic))
          .as(topic)
          .allSatisfy(partition -> assertThat(partition.replicas()).hasSize(3));
      assertThat(cluster.minInsyncReplicas(topic)).as(topic).isEqualTo("2");
    }
    @SuppressWarnings("unchecked")
    KafkaTemplate<String, byte[]> template = scheduler.bean(KafkaTemplate.class);
    assertThat(template.getProducerFactory().getConfigurationProperties())
        .containsEntry(ProducerConfig.ACKS_CONFIG, "all")
        .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
  }

  @Test
  @Order(2)
  void aBrokerKilledWhileTasksFlow_losesNoTask_andTheSameAppInstancesCheckEveryCardAgain() {
    await("a quarter of the cards checked: tasks flow")
        .atMost(Duration.ofSeconds(60))
        .until(() -> usageCalls().size() >= CARDS / 4);
    victim = cluster.coordinatorOf(Topics.checkHandlersGroup(TaskType.CARDDATA));
    assertThat(cluster.partitions(TASKS)).anyMatch(partition -> partition.leader() == victim);
    // Whether the victim also leads the engine's offset topic decides how the failed engine ends
    // (see the listener's Debezium timeouts above): logged, so that a slow run can be told apart.
    log.info(
        "killing broker {}; the engine's offset topic is led by broker {}",
        victim,
        cluster.partitions("cmp.lifecycle.cdc-offsets").get(0).leader());
    Map<String, Integer> checkedBefore = usageCalls();

    long killedAt = System.nanoTime();
    kafka.stopBroker(victim);
    // New cards while the broker is down: change stream → lifecycle topology → consumer → queues.
    Map<Long, String> late = insertCards(CARDS + 1, LATE_CARDS);

    // Each card comes due once per interval: within an interval (plus the failover, ~10 s for the
    // controller to fence the dead broker) every one is checked again, through tasks published
    // and consumed with the broker gone.
    await("every card checked again after broker " + victim + " died")
        .atMost(INTERVAL.plusSeconds(60))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> notCheckedSince(checkedBefore, iccids.values()).isEmpty());
    log.info(
        "every card checked again {} ms after broker {} was killed",
        (System.nanoTime() - killedAt) / 1_000_000,
        victim);
    // The new cards' first check is an interval after their event. The embedded engine restarts
    // after the failed send and goes on from its offset.
    await("the cards inserted while broker " + victim + " was down, enrolled and checked")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> notCheckedSince(Map.of(), late.values()).isEmpty());
    log.info(
        "every card inserted after the kill checked {} ms after broker {} was killed",
        (System.nanoTime() - killedAt) / 1_000_000,
        victim);
    iccids.putAll(late);
    assertThat(List.of(listener, handlers, scheduler)).allMatch(RunningApp::isRunning);

    // Written with 2 of 3 replicas in sync: the dead broker leads nothing and is out of every ISR.
    assertThat(cluster.partitions(TASKS))
        .allSatisfy(
            partition -> {
              assertThat(partition.leader()).isNotEqualTo(victim).isNotEqualTo(-1);
              assertThat(partition.inSync()).hasSize(2).doesNotContain(victim);
            });
    assertThat(cardsWaitingForTheirLease()).isEmpty();
  }

  @Test
  @Order(3)
  void theKilledBroker_startedAgain_catchesUpAndRejoinsEveryInSyncReplicaSet() {
    kafka.startBroker(victim);

    await("broker " + victim + " back in every ISR of " + TASKS)
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () ->
                cluster.partitions(TASKS).stream()
                    .allMatch(partition -> partition.inSync().size() == 3));
  }

  /**
   * Inserts cards {@code from} .. {@code from + count - 1}, each online, verified and with an
   * unlimited package (one statement, so the package is there when the card is), and returns their
   * ICCIDs by id.
   */
  private static Map<Long, String> insertCards(int from, int count) {
    Map<Long, String> inserted = new HashMap<>();
    postgres
        .jdbc()
        .sql(
            "WITH cards AS (INSERT INTO tb_iot_card (iccid, carrier_id, carrier_type,"
                + " real_name_status, network_status) SELECT '8986' || lpad(g::text, 16, '0'), 1,"
                + " 'CMCC', 1, 1 FROM generate_series(?, ?) g RETURNING id, iccid),"
                + " packages AS (INSERT INTO tb_package_usage (iot_card_id, status, data_limit_mb,"
                + " data_usage_mb, activated_at) SELECT id, 1, 0, 0, now() FROM cards)"
                + " SELECT id, iccid FROM cards")
        .params(from, from + count - 1)
        .query((rs, row) -> inserted.put(rs.getLong("id"), rs.getString("iccid")))
        .list();
    return inserted;
  }

  private static List<String> concat(List<String> topics, String another) {
    List<String> all = new ArrayList<>(topics);
    all.add(another);
    return all;
  }

  /** Carrier usage queries so far, by ICCID. */
  private static Map<String, Integer> usageCalls() {
    Map<String, Integer> calls = new HashMap<>();
    simulator
        .control()
        .calls()
        .byCard()
        .forEach(
            (iccid, operations) -> {
              Integer usage = operations.get("usage");
              if (usage != null) {
                calls.put(iccid, usage);
              }
            });
    return calls;
  }

  private static List<String> notCheckedSince(
      Map<String, Integer> before, Collection<String> cards) {
    Map<String, Integer> now = usageCalls();
    List<String> waiting = new ArrayList<>();
    for (String iccid : cards) {
      if (now.getOrDefault(iccid, 0) <= before.getOrDefault(iccid, 0)) {
        waiting.add(iccid);
      }
    }
    return waiting;
  }

  /**
   * Cards whose carddata score lies beyond their next check but short of a lease just taken: a card
   * whose task went missing would sit there until its lease ends. A checked card is due within an
   * interval; one in flight at this moment was leased a moment ago, ~5 minutes ahead.
   */
  private static List<String> cardsWaitingForTheirLease() {
    Instant now = Instant.now();
    Instant nextCheckAtLatest = now.plus(INTERVAL).plusSeconds(5);
    Instant leasedJustNow = now.plus(LEASE).minusSeconds(15);
    List<String> waiting = new ArrayList<>();
    int queued = 0;
    for (int shard = 0; shard < 16; shard++) {
      for (TypedTuple<String> member :
          redis
              .template()
              .opsForZSet()
              .rangeWithScores(RedisKeys.shardQueue(shard, TaskType.CARDDATA), 0, -1)) {
        queued++;
        Instant score = Instant.ofEpochMilli(Math.round(member.getScore() * 1000));
        if (score.isAfter(nextCheckAtLatest) && score.isBefore(leasedJustNow)) {
          waiting.add("card " + member.getValue() + " at " + score);
        }
      }
    }
    assertThat(queued).as("cards in the carddata queues").isEqualTo(CARDS + LATE_CARDS);
    return waiting;
  }
}
