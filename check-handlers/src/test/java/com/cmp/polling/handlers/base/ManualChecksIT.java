package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.behaviour.Behaviour;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A manual check jumps the queue: it has a topic, consumers and workers of its own, so it is
 * handled within seconds while thousands of regular tasks wait for a slow carrier.
 */
class ManualChecksIT {

  private static final int WAITING = 3000;

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static HandlersTestApp app;

  @BeforeAll
  static void start() {
    // 8 workers and 200 ms per carrier call: about 40 regular checks a second, so the 3 000
    // regular tasks below keep the handlers busy for over a minute.
    app =
        HandlersTestApp.start(
            postgres, redis, kafka, Map.of("cmp.polling.handlers.worker-threads", 8));
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void manualCheck_isHandledWithinSeconds_whileThousandsOfRegularTasksWait() {
    var control = app.simulator().control();
    control.configure(Behaviour.none().withLatencyMs(200));
    for (int i = 1; i <= WAITING; i++) {
      long card = postgres.data().card().iccid("89862888" + String.format("%012d", i)).insert();
      app.dispatch(card, TaskType.REALNAME);
    }
    await().atMost(Duration.ofSeconds(30)).until(() -> control.totalCalls() >= 100);
    String iccid = "89862999000000000001";
    long operatorsCard = postgres.data().card().iccid(iccid).insert();

    app.dispatchManual(operatorsCard, TaskType.REALNAME);

    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> control.calls(iccid).containsKey("real-name"));
    // The regular backlog is still there: the manual check did not wait for it.
    assertThat(control.totalCalls()).isLessThan(WAITING / 2);
    assertThat(control.calls(iccid)).containsEntry("real-name", 1);
  }
}
