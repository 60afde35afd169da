package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.behaviour.Behaviour;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A manual check jumps the queue: it has a topic, consumers and workers of its own, so it is
 * handled within seconds while thousands of regular tasks wait for a slow carrier.
 */
class ManualChecksIT {

  private static final int WAITING = 3000;

  // 8 workers and 200 ms per carrier call: about 40 regular checks a second, so the 3 000
  // regular tasks below keep the handlers busy for over a minute.
  @RegisterExtension
  static final HandlersTestApp app =
      HandlersTestApp.withSettings(Map.of("cmp.polling.handlers.worker-threads", 8));

  @Test
  void manualCheck_isHandledWithinSeconds_whileThousandsOfRegularTasksWait() {
    var control = app.simulator().control();
    control.configure(Behaviour.none().withLatencyMs(200));
    List<Long> regular = new ArrayList<>();
    for (int i = 1; i <= WAITING; i++) {
      regular.add(
          app.postgres().data().card().iccid("89862888" + String.format("%012d", i)).insert());
    }
    // Published without waiting for each record: the backlog is there within a second or two.
    app.dispatchAll(regular, TaskType.REALNAME);
    await().atMost(Duration.ofSeconds(30)).until(() -> control.totalCalls() >= 100);
    String iccid = "89862999000000000001";
    long operatorsCard = app.postgres().data().card().iccid(iccid).insert();

    app.dispatchManual(operatorsCard, TaskType.REALNAME);

    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> control.calls(iccid).containsKey("real-name"));
    // The regular backlog is still there: the manual check did not wait for it.
    assertThat(control.totalCalls()).isLessThan(WAITING / 2);
    assertThat(control.calls(iccid)).containsEntry("real-name", 1);
  }
}
