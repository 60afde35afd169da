package com.cmp.polling.listener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.testsupport.app.AppProcess;
import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listener's jar killed with SIGKILL (its stream thread and lifecycle consumer never leave
 * their groups, its replication connection dies with it) and started again: a change committed
 * while it was down reaches the queues within seconds of the restart. Before static membership the
 * topology and the consumer waited for the dead members' session timeout: measured with this test,
 * the change was applied 46 s after the restart (33 s after the app was up).
 *
 * <p>Only the killed listener must be a process of its own. The restarted one runs in the test JVM,
 * where the app starts in a second or two instead of some ten as a new process, under the same
 * instance id, slot and Kafka groups: what the restart finds in PostgreSQL and Kafka is the same.
 * Its time is taken from its launch, so that a consumer waiting for its group is in the bound.
 */
class HardRestartIT {

  private static final Logger log = LoggerFactory.getLogger(HardRestartIT.class);

  /**
   * The bound a restarted listener must meet, from its launch to the change being applied (a
   * consumer waiting out the dead members' session would take 45 s).
   */
  private static final Duration BACK_TO_WORK = Duration.ofSeconds(10);

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final String SLOT = ListenerTestApp.uniqueSlot();

  /** The id both lives of the listener join their Kafka groups under (static membership). */
  static final String INSTANCE = "it-listener";

  @AfterAll
  static void dropSlot() {
    // Kept across the kill on purpose.
    ListenerTestApp.dropIdleSlot(postgres, SLOT);
  }

  @Test
  void killedAndRestarted_appliesTheChangeMadeWhileItWasDown_withinSeconds() {
    Map<String, Object> properties =
        new HashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
    properties.put("cmp.polling.listener.cdc.slot-name", SLOT);
    properties.put("cmp.polling.listener.instance-id", INSTANCE);
    QueueState queues = new QueueState(redis.template());
    try (AppProcess first = AppProcess.start(properties, "listener-hard-restart-it-first")) {
      first.awaitUp(Duration.ofSeconds(120));
      // Changes made before the slot exists are not streamed: wait for it.
      await("replication slot streaming")
          .atMost(Duration.ofSeconds(90))
          .until(
              () ->
                  postgres
                          .jdbc()
                          .sql(
                              "SELECT count(*) FROM pg_replication_slots"
                                  + " WHERE slot_name = ? AND active")
                          .param(SLOT)
                          .query(Long.class)
                          .single()
                      == 1);
      long before = postgres.data().card().insert();
      await("first run queues a new card")
          .atMost(Duration.ofSeconds(90))
          .until(() -> queues.taskTypes(before).size() == 3);

      first.kill();
    }
    long during = postgres.data().card().insert(); // kept for the listener by its slot

    long launched = System.nanoTime();
    try (ListenerTestApp second =
        ListenerTestApp.start(
            postgres, redis, kafka, SLOT, Map.of("cmp.polling.listener.instance-id", INSTANCE))) {
      long up = System.nanoTime();

      await("the restarted listener applies the change")
          .atMost(BACK_TO_WORK)
          .until(() -> queues.taskTypes(during).size() == 3);
      assertThat(Duration.ofNanos(System.nanoTime() - launched))
          .as("from the restart's launch to the change applied")
          .isLessThanOrEqualTo(BACK_TO_WORK);
      log.info(
          "listener restarted after SIGKILL: up {} ms after launch, the change made while it was"
              + " down applied {} ms after being up",
          (up - launched) / 1_000_000,
          (System.nanoTime() - up) / 1_000_000);
    }
  }
}
