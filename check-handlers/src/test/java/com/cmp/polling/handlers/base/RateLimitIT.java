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
 * The carrier allows 50 calls/s: 2 000 due cards are checked without a single 429, using at least
 * 90 % of the allowance (the shared limiter is set to 48/s).
 */
class RateLimitIT {

  @RegisterExtension
  static final HandlersTestApp app =
      HandlersTestApp.withSettings(
          Map.of(
              "cmp.polling.gateway.rate-limit-per-second.1",
              48,
              "cmp.polling.gateway.rate-limit-max-wait",
              "120s",
              // Every check waits its turn here (none put off by the per-carrier cap): the test
              // dispatches each card once and counts the calls of all 2 000.
              "cmp.polling.handlers.carrier-wait",
              "120s"));

  @Test
  void twoThousandChecks_atTheCarriersLimit_getNo429_andUseAtLeast90PercentOfIt() {
    var control = app.simulator().control();
    control.configure(Behaviour.none().withRateLimit(1L, 50));
    List<Long> cards = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      long card = app.postgres().data().card().carrier(1, "CMCC").insert();
      cards.add(card);
    }
    long firstCall = System.nanoTime();
    for (long card : cards) {
      app.dispatch(card, TaskType.REALNAME);
    }

    await().atMost(Duration.ofSeconds(120)).until(() -> control.totalCalls() >= 2000);
    double seconds = (System.nanoTime() - firstCall) / 1e9;

    assertThat(control.rateLimited()).isZero();
    assertThat(control.totalCalls()).isEqualTo(2000);
    // 90 % of 50 calls/s: 2 000 calls within 2 000 / 45 = 44.4 s.
    assertThat(2000 / seconds).isGreaterThanOrEqualTo(45.0);
  }
}
