package com.cmp.polling.handlers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.testsupport.app.AppProcess;
import java.time.Duration;
import java.util.Map;
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

  @RegisterExtension static final HandlerProcesses handlers = new HandlerProcesses();

  @Test
  void killedAndRestarted_underTheSameInstanceId_handlesTheWaitingTask_withinSeconds() {
    Map<String, Object> properties = handlers.appProperties();
    properties.put("cmp.polling.handlers.instance-id", "it-hard-restart");
    long before = handlers.postgres().data().card().insert();
    long during = handlers.postgres().data().card().insert();

    try (AppProcess first = AppProcess.start(properties, "hard-restart-it-first")) {
      first.awaitUp(Duration.ofSeconds(120));
      handlers.publish(before);
      await("first run handles a task")
          .atMost(Duration.ofSeconds(60))
          .until(() -> handlers.handled(before) > 0);

      first.kill();
    }
    handlers.publish(during); // waits in the partition the dead consumers still hold

    long launched = System.nanoTime();
    try (AppProcess second = AppProcess.start(properties, "hard-restart-it-second")) {
      second.awaitUp(Duration.ofSeconds(120));
      long up = System.nanoTime();

      await("the restarted instance handles the waiting task")
          .atMost(BACK_TO_WORK)
          .until(() -> handlers.handled(during) > 0);
      log.info(
          "restarted after SIGKILL: up {} ms after launch, handled the waiting task {} ms after"
              + " being up",
          (up - launched) / 1_000_000,
          (System.nanoTime() - up) / 1_000_000);
    }
    assertThat(handlers.handled(during)).isEqualTo(1);
  }
}
