package com.cmp.polling.handlers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.testsupport.app.AppProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A check handlers process killed with SIGKILL (its consumers never leave their groups) and started
 * again under the same instance id takes all its partitions back at once: the tasks published while
 * it was down, one on every partition, are handled within seconds of the restart, not after the
 * dead consumers' session timeout (45 s), which is what kept a restarted instance idle before
 * static membership (measured with this test and static membership off: 32 s after being up, 45 s
 * after the kill). It runs with the default consumer settings: one realname consumer holding all 16
 * partitions, fetches that gather a tick's tasks, offsets committed without waiting — the task the
 * first run handled just before the kill may come again (its commit may not have gone out), and is
 * then handled again, never lost.
 */
class HardRestartIT {

  private static final Logger log = LoggerFactory.getLogger(HardRestartIT.class);

  /** The task topics' partitions (cmp.polling.kafka.partitions, default). */
  private static final int PARTITIONS = 16;

  /** The bound a restarted instance must meet, from being up to handling the waiting tasks. */
  private static final Duration BACK_TO_WORK = Duration.ofSeconds(10);

  @RegisterExtension static final HandlerProcesses handlers = new HandlerProcesses();

  @Test
  void killedAndRestarted_underTheSameInstanceId_handlesTheWaitingTasks_withinSeconds() {
    Map<String, Object> properties = handlers.appProperties();
    properties.put("cmp.polling.handlers.instance-id", "it-hard-restart");
    long before = handlers.postgres().data().card().insert();
    List<Long> during = new ArrayList<>();
    for (int partition = 0; partition < PARTITIONS; partition++) {
      during.add(handlers.cardOnPartition(partition, PARTITIONS));
    }

    try (AppProcess first = AppProcess.start(properties, "hard-restart-it-first")) {
      first.awaitUp(Duration.ofSeconds(120));
      handlers.publish(before);
      await("first run handles a task")
          .atMost(Duration.ofSeconds(60))
          .until(() -> handlers.handled(before) > 0);

      first.kill();
    }
    // They wait in the partitions the dead consumer still holds: every one of them.
    during.forEach(handlers::publish);

    long launched = System.nanoTime();
    try (AppProcess second = AppProcess.start(properties, "hard-restart-it-second")) {
      second.awaitUp(Duration.ofSeconds(120));
      long up = System.nanoTime();

      await("the restarted instance handles the tasks waiting on every partition")
          .atMost(BACK_TO_WORK)
          .until(() -> during.stream().allMatch(card -> handlers.handled(card) > 0));
      log.info(
          "restarted after SIGKILL: up {} ms after launch, handled the {} waiting tasks {} ms"
              + " after being up",
          (up - launched) / 1_000_000,
          during.size(),
          (System.nanoTime() - up) / 1_000_000);
      // Done with it: how the restarted instance stops is not what this test is about.
      second.kill();
    }
    assertThat(during).allMatch(card -> handlers.handled(card) == 1);
    assertThat(handlers.handled(before)).isBetween(1, 2);
  }
}
