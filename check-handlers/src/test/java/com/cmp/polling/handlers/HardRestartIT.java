package com.cmp.polling.handlers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.simulator.GatewaySimulator;
import com.cmp.polling.simulator.RunningSimulator;
import com.cmp.polling.testsupport.app.AppProcess;
import com.cmp.polling.testsupport.app.InfrastructureProperties;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A check handlers process killed with SIGKILL (its consumers never leave their groups) and started
 * again under the same instance id takes its partitions back at once: the task published while it
 * was down is handled within seconds of the restart, not after the dead consumers' session timeout
 * (45 s), which is what kept a restarted instance idle before static membership (measured with this
 * test and static membership off: 32 s after being up, 45 s after the kill).
 */
class HardRestartIT {

  private static final Logger log = LoggerFactory.getLogger(HardRestartIT.class);

  /** The bound a restarted instance must meet, from being up to handling the waiting task. */
  private static final Duration BACK_TO_WORK = Duration.ofSeconds(10);

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static RunningSimulator simulator;
  static RealnameTasks tasks;

  @BeforeAll
  static void startSimulator() {
    simulator = GatewaySimulator.start();
    tasks = new RealnameTasks(postgres, kafka, simulator);
  }

  @AfterAll
  static void stopSimulator() {
    simulator.close();
  }

  @Test
  void killedAndRestarted_underTheSameInstanceId_handlesTheWaitingTask_withinSeconds() {
    Map<String, Object> properties =
        new HashMap<>(InfrastructureProperties.of(postgres, redis, kafka));
    properties.put("cmp.polling.gateway.base-url", simulator.baseUrl());
    properties.put("cmp.polling.handlers.worker-threads", 8);
    properties.put("cmp.polling.handlers.instance-id", "it-hard-restart");
    long before = postgres.data().card().insert();
    long during = postgres.data().card().insert();

    try (AppProcess first = AppProcess.start(properties, "hard-restart-it-first")) {
      first.awaitUp(Duration.ofSeconds(120));
      tasks.publish(before);
      await("first run handles a task")
          .atMost(Duration.ofSeconds(60))
          .until(() -> tasks.handled(before) > 0);

      first.kill();
    }
    tasks.publish(during); // waits in the partition the dead consumers still hold

    long launched = System.nanoTime();
    try (AppProcess second = AppProcess.start(properties, "hard-restart-it-second")) {
      second.awaitUp(Duration.ofSeconds(120));
      long up = System.nanoTime();

      await("the restarted instance handles the waiting task")
          .atMost(BACK_TO_WORK)
          .until(() -> tasks.handled(during) > 0);
      log.info(
          "restarted after SIGKILL: up {} ms after launch, handled the waiting task {} ms after"
              + " being up",
          (up - launched) / 1_000_000,
          (System.nanoTime() - up) / 1_000_000);
    }
    assertThat(tasks.handled(during)).isEqualTo(1);
  }
}
