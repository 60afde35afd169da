package com.cmp.polling.listener;

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
 */
class HardRestartIT {

  private static final Logger log = LoggerFactory.getLogger(HardRestartIT.class);

  /** The bound a restarted listener must meet, from being up to the change being applied. */
  private static final Duration BACK_TO_WORK = Duration.ofSeconds(10);

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static final String SLOT = ListenerTestApp.uniqueSlot();

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
    properties.put("cmp.polling.listener.instance-id", "it-listener");
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
    try (AppProcess second = AppProcess.start(properties, "listener-hard-restart-it-second")) {
      second.awaitUp(Duration.ofSeconds(120));
      long up = System.nanoTime();

      await("the restarted listener applies the change")
          .atMost(BACK_TO_WORK)
          .until(() -> queues.taskTypes(during).size() == 3);
      log.info(
          "listener restarted after SIGKILL: up {} ms after launch, the change made while it was"
              + " down applied {} ms after being up",
          (up - launched) / 1_000_000,
          (System.nanoTime() - up) / 1_000_000);
    }
  }
}
