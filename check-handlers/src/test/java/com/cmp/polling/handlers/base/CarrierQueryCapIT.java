package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.behaviour.Behaviour;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Carrier 1 allows 2 calls/s (the shared limiter, 5 s max wait: 10 slots reservable ahead), carrier
 * 2 has no limit. With the cap (2/s × 1 s = 2 queries of carrier 1 at once), carrier 1's other
 * checks are put off without a worker waiting and without the limiter refusing any of them, and are
 * due again after the retry delay; carrier 2's are all checked meanwhile.
 */
class CarrierQueryCapIT {

  @RegisterExtension
  static final HandlersTestApp app =
      HandlersTestApp.withSettings(Map.of("cmp.polling.gateway.rate-limit-per-second.1", 2));

  @Test
  void checksOfACarrierAtItsCap_arePutOffUnqueried_whileTheOtherCarriersChecksRun() {
    var control = app.simulator().control();
    control.configure(Behaviour.none().withRateLimit(1L, 3));
    List<Long> limited = new ArrayList<>();
    List<Long> free = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      limited.add(app.postgres().data().card().carrier(1, "CMCC").insert());
      free.add(app.postgres().data().card().carrier(2, "CUCC").insert());
    }
    double dispatched = Instant.now().toEpochMilli() / 1000.0;
    for (int i = 0; i < 40; i++) {
      app.dispatch(limited.get(i), TaskType.REALNAME);
      app.dispatch(free.get(i), TaskType.REALNAME);
    }
    var putOff =
        app.bean(MeterRegistry.class)
            .counter("polling.handlers.carrier_cap_put_off", "task_type", "realname");

    // Every card of carrier 2 is queried once; each of carrier 1's is either queried or put off.
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> calledOnce(free) == 40 && calledOnce(limited) + putOff.count() == 40);

    assertThat(putOff.count()).isPositive();
    assertThat(calledOnce(limited)).isPositive();
    assertThat(control.rateLimited()).isZero();
    long requeued = limited.stream().filter(card -> !called(card)).count();
    assertThat(requeued).isEqualTo((long) putOff.count());
    // (Completions follow the calls and put-offs counted above: waited for.)
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              double now = Instant.now().toEpochMilli() / 1000.0;
              // A put-off card is due again after the retry delay (60 s) from when it was put
              // off, long before the 300 s lease its task claimed would have brought it back.
              for (long card : limited) {
                if (!called(card)) {
                  assertThat(app.queues().score(card, TaskType.REALNAME))
                      .as("score of put-off card %d, now %.0f", card, now)
                      .isBetween(dispatched + 60 - 1, now + 60 + 1);
                }
              }
              // The free carrier's cards were checked, none put off with the limited carrier's:
              // each is at its config's next time (a day), past the lease.
              for (long card : free) {
                assertThat(app.queues().score(card, TaskType.REALNAME))
                    .as("score of free card %d, now %.0f", card, now)
                    .isGreaterThan(now + 300);
              }
            });
  }

  private static long calledOnce(List<Long> cards) {
    return cards.stream().filter(CarrierQueryCapIT::called).count();
  }

  private static boolean called(long cardId) {
    String iccid = app.bean(CardStore.class).findById(cardId).orElseThrow().iccid();
    return app.simulator().control().calls(iccid).values().stream().mapToInt(i -> i).sum() == 1;
  }
}
