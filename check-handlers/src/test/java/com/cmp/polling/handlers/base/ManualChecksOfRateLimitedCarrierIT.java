package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.redis.RedisKeys;
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
 * Manual checks on a carrier allowing 2 calls/s (cap: 2 regular queries under way at once) with a
 * regular backlog of its own: they are not put off behind the regular queries holding the cap, they
 * keep to the carrier's rate limit, and one that cannot run comes back as a manual trigger.
 */
class ManualChecksOfRateLimitedCarrierIT {

  private static final int BACKLOG = 300;

  /** Shorter than the default 5 s, and still well clear of a trigger put at once. */
  private static final int MANUAL_RETRY_SECONDS = 2;

  // Slices of 8 regular checks: 2 queried (their carrier's cap), 6 put off.
  @RegisterExtension
  static final HandlersTestApp app =
      HandlersTestApp.withSettings(
          Map.of(
              "cmp.polling.gateway.rate-limit-per-second.1", 2,
              "cmp.polling.handlers.worker-threads", 8,
              "cmp.polling.handlers.manual-retry-delay", MANUAL_RETRY_SECONDS + "s"));

  @Test
  void manualCheck_isHandledWithinSeconds_whileRegularChecksHoldItsCarriersCap() {
    var control = app.simulator().control();
    // Each call takes 2 s, so the carrier's 2 places stay held by regular queries while their
    // backlog lasts; the simulator answers 429 to a third call within a second.
    control.configure(Behaviour.none().withLatencyMs(2000).withRateLimit(1L, 3));
    List<Long> backlog = new ArrayList<>();
    for (int i = 1; i <= BACKLOG; i++) {
      backlog.add(
          app.data()
              .card()
              .carrier(1, "CMCC")
              .iccid("89862777" + String.format("%012d", i))
              .insert());
    }
    app.dispatchAll(backlog, TaskType.REALNAME);
    var putOff =
        app.bean(MeterRegistry.class)
            .counter("polling.handlers.carrier_cap_put_off", "task_type", "realname");
    // The regular checks fill the carrier's cap: the others of their slices are put off.
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> putOff.count() > 0 && control.totalCalls() > 0);
    String iccid = "89862999000000000002";
    long operatorsCard = app.data().card().carrier(1, "CMCC").iccid(iccid).insert();

    app.dispatchManual(operatorsCard, TaskType.REALNAME);

    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> control.calls(iccid).containsKey("real-name"));
    // The regular backlog is mostly still to be checked: the manual check did not wait for it.
    assertThat(control.totalCalls() - 1).isLessThan(BACKLOG / 2);
    assertThat(control.calls(iccid)).containsEntry("real-name", 1);
    // Outside the cap, but within the carrier's rate limit.
    assertThat(control.rateLimited()).isZero();
  }

  @Test
  void manualCheckFailingInPassing_isTriggeredAgainSoon_andLeavesTheRegularTimeAlone() {
    var control = app.simulator().control();
    control.configure(Behaviour.none());
    String iccid = "89862999000000000003";
    long card = app.data().card().carrier(2, "CUCC").iccid(iccid).insert();
    var queues = app.bean(PollingQueueManager.class);
    Instant regularTime = Instant.ofEpochSecond(Instant.now().getEpochSecond() + 6 * 3600);
    queues.requeue(card, TaskType.REALNAME, regularTime);
    control.failNext(iccid, 1, 503);
    double sent = seconds(Instant.now());

    app.dispatchManual(card, TaskType.REALNAME);

    // Triggered again 2 s on (manual-retry-delay), not put at retry-delay in the shard queue.
    await().atMost(Duration.ofSeconds(15)).until(() -> triggerScore(card) != null);
    assertThat(triggerScore(card))
        .isBetween(
            sent + MANUAL_RETRY_SECONDS - 1, seconds(Instant.now()) + MANUAL_RETRY_SECONDS + 1);
    assertThat(app.queues().score(card, TaskType.REALNAME))
        .isCloseTo(seconds(regularTime), within(0.001));
    assertThat(control.calls(iccid)).containsEntry("real-name", 1);

    // Once due, the scheduler takes the trigger and publishes it to the manual topic again.
    List<CardEntry> taken =
        await()
            .atMost(Duration.ofSeconds(15))
            .until(() -> queues.manualTriggers().take(TaskType.REALNAME, 10), t -> !t.isEmpty());
    assertThat(taken).extracting(CardEntry::cardId).containsExactly(card);
    app.dispatchManual(card, TaskType.REALNAME);
    queues.manualTriggers().published(TaskType.REALNAME, taken);

    // Checked this time: the card's next regular check is a day on (its config's interval).
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> app.queues().nextCheckIn(card, TaskType.REALNAME, Duration.ofDays(1)));
    assertThat(control.calls(iccid)).containsEntry("real-name", 2);
    assertThat(triggerScore(card)).isNull();
  }

  private static Double triggerScore(long cardId) {
    return app.redis()
        .template()
        .opsForZSet()
        .score(RedisKeys.manualTriggers(TaskType.REALNAME), Long.toString(cardId));
  }

  private static double seconds(Instant instant) {
    return instant.toEpochMilli() / 1000.0;
  }
}
