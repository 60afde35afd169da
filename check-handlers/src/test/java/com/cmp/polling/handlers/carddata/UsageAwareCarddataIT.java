package com.cmp.polling.handlers.carddata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.state.CardState;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Usage-aware carddata intervals on the handlers app, real servers and the simulated carrier: after
 * a carddata check, the card's next one comes when its usage says (default bounds: 5 min to 24 h,
 * headroom 2, set here; the default config checks carddata every 30 min).
 */
class UsageAwareCarddataIT {

  static final LocalDate NOVEMBER = LocalDate.of(2026, 11, 1);
  static final Duration CONFIG_INTERVAL = Duration.ofMinutes(30);

  @RegisterExtension
  static final HandlersTestApp app =
      HandlersTestApp.withSettings(
          Map.of(
              "cmp.polling.planning.usage-aware.enabled",
              true,
              "cmp.polling.planning.usage-aware.headroom-factor",
              2));

  @Test
  void aCardReachingItsLimitIn20Minutes_isCheckedAgainIn10_beforeItGetsThere() {
    // 60 MB used in the hour since its counter last moved: 60 MB/h. Its package has 100 of 180 MB
    // used; this check deducts the 60 and leaves 20 MB: the limit in 20 min, halfway is 10.
    Instant lastMove = Instant.now().minus(Duration.ofHours(1));
    long card =
        app.data()
            .card()
            .monthUsage(NOVEMBER, "100", "0")
            .lastUsageChange(lastMove, "5", lastMove.minus(Duration.ofHours(1)))
            .insert();
    app.data().packageOfCard(card).usage("100", "180").insert();
    carrierReports(card, "160");
    double before = waits("predicted");

    app.dispatch(card, TaskType.CARDDATA);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> app.queues().nextCheckIn(card, TaskType.CARDDATA, Duration.ofMinutes(10)));
    assertThat(app.card(card).isOnline()).isTrue();
    assertThat(waits("predicted") - before).isEqualTo(1);
  }

  @Test
  void anIdleCard_isCheckedAgainAfterTheMaximum() {
    long card =
        app.data()
            .card()
            .monthUsage(NOVEMBER, "0", "0")
            .lastUsageChange(Instant.now().minus(Duration.ofHours(3)), "0", null)
            .insert();
    app.data().packageOfCard(card).usage("0", "1000").insert();
    carrierReports(card, "0");
    double before = waits("idle");

    app.dispatch(card, TaskType.CARDDATA);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> app.queues().nextCheckIn(card, TaskType.CARDDATA, Duration.ofHours(24)));
    assertThat(waits("idle") - before).isEqualTo(1);
  }

  @Test
  void withoutAPackageLimit_orAtAFirstReading_theConfigIntervalApplies() {
    Instant lastMove = Instant.now().minus(Duration.ofHours(1));
    long unlimited =
        app.data()
            .card()
            .monthUsage(NOVEMBER, "100", "0")
            .lastUsageChange(lastMove, "5", lastMove.minus(Duration.ofHours(1)))
            .insert();
    app.data().packageOfCard(unlimited).usage("100", "0").insert();
    carrierReports(unlimited, "400");
    // Never read before: no rate known yet, however close to its limit.
    long firstReading = app.data().card().insert();
    app.data().packageOfCard(firstReading).usage("0", "100").insert();
    carrierReports(firstReading, "90");
    double before = waits("config");

    app.dispatchAll(List.of(unlimited, firstReading), TaskType.CARDDATA);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                app.queues().nextCheckIn(unlimited, TaskType.CARDDATA, CONFIG_INTERVAL)
                    && app.queues().nextCheckIn(firstReading, TaskType.CARDDATA, CONFIG_INTERVAL));
    assertThat(waits("config") - before).isEqualTo(2);
  }

  @Test
  void aDevicesSharedPackage_plansItsCardsByWhatTheWholeDeviceUses() {
    // The device's package used 900 MB in the 10 h since it was activated: 90 MB/h. This card
    // used nothing itself, but the 100 MB left last 66 min 40 s at the device's rate: halfway is
    // 33 min 20 s, not the day an idle card alone would get.
    long device = app.data().device().insert();
    long card =
        app.data()
            .card()
            .device(device)
            .monthUsage(NOVEMBER, "0", "0")
            .lastUsageChange(Instant.now().minus(Duration.ofHours(2)), "0", null)
            .insert();
    app.data().card().device(device).insert();
    app.data()
        .packageOfDevice(device)
        .usage("900", "1000")
        .activatedAt(Instant.now().minus(Duration.ofHours(10)))
        .insert();
    carrierReports(card, "0");

    app.dispatch(card, TaskType.CARDDATA);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                app.queues()
                    .nextCheckIn(card, TaskType.CARDDATA, Duration.ofMinutes(33).plusSeconds(20)));
  }

  private static double waits(String reason) {
    return app.bean(MeterRegistry.class)
        .get("polling.planning.carddata.wait")
        .tag("reason", reason)
        .summary()
        .count();
  }

  private static void carrierReports(long card, String totalMb) {
    app.simulator()
        .control()
        .setCard(
            app.card(card).iccid(), new CardState(true, true, NOVEMBER, new BigDecimal(totalMb)));
  }
}
