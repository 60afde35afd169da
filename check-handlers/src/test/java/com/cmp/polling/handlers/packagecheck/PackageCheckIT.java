package com.cmp.polling.handlers.packagecheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.SimulatorControl;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PackageCheckIT {

  @RegisterExtension static final HandlersTestApp app = HandlersTestApp.withDefaults();

  @Test
  void packageExpiredByTime_isMarkedExpired_andTheCardStopsForNoPackage() {
    long card = app.data().card().insert();
    long pkg =
        app.data().packageOfCard(card).status(1).expiresAt(Instant.now().minusSeconds(60)).insert();

    app.dispatch(card, TaskType.PACKAGE);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "no_package".equals(app.card(card).stopReason()));
    assertThat(app.packageStatus(pkg)).isEqualTo(3);
    // Suspended now: default-suspended checks packages every 3600 s.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> app.queues().nextCheckIn(card, TaskType.PACKAGE, Duration.ofSeconds(3600)));
  }

  @Test
  void activePackageOverItsLimit_isMarkedExhausted_andTheDevicesCardsStop() {
    long device = app.data().device().insert();
    long card = app.data().card().device(device).insert();
    long sibling = app.data().card().device(device).insert();
    long pkg = app.data().packageOfDevice(device).status(1).usage("2048", "1024").insert();
    app.data().packageOfDevice(device).status(0).insert();

    app.dispatch(card, TaskType.PACKAGE);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "traffic_exhausted".equals(app.card(sibling).stopReason()));
    assertThat(app.packageStatus(pkg)).isEqualTo(2);
    assertThat(app.card(card).stopReason()).isEqualTo("traffic_exhausted");
  }

  @Test
  void healthyPackages_changeNothing() {
    long card = app.data().card().insert();
    long pkg =
        app.data()
            .packageOfCard(card)
            .status(1)
            .usage("1", "1024")
            .expiresAt(Instant.now().plusSeconds(86400))
            .insert();

    app.dispatch(card, TaskType.PACKAGE);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> app.queues().nextCheckIn(card, TaskType.PACKAGE, Duration.ofSeconds(3600)));
    assertThat(app.packageStatus(pkg)).isEqualTo(1);
    assertThat(app.card(card).isOnline()).isTrue();
  }

  @Test
  void carrierReportsThePackageExpired_marksItExpired_andTheCardStopsForNoPackage() {
    long card = app.data().card().iccid("89860000000000019501").insert();
    long pkg =
        app.data()
            .packageOfCard(card)
            .status(1)
            .usage("1", "1024")
            .expiresAt(Instant.now().plusSeconds(86400))
            .insert();
    carrier().setPackage("89860000000000019501", "expired");

    app.dispatch(card, TaskType.PACKAGE);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "no_package".equals(app.card(card).stopReason()));
    assertThat(app.packageStatus(pkg)).isEqualTo(3);
    assertThat(carrier().calls("89860000000000019501")).isEqualTo(Map.of("package", 1, "stop", 1));
    assertThat(lastStopReasons(card)).isEqualTo("{no_package}");
  }

  @Test
  void carrierReportsThePackageExhausted_besideAPendingOne_stopsForTrafficExhausted() {
    long card = app.data().card().iccid("89860000000000019502").insert();
    long pkg = app.data().packageOfCard(card).status(1).usage("1", "1024").insert();
    long pending = app.data().packageOfCard(card).status(0).insert();
    carrier().setPackage("89860000000000019502", "exhausted");

    app.dispatch(card, TaskType.PACKAGE);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "traffic_exhausted".equals(app.card(card).stopReason()));
    assertThat(app.packageStatus(pkg)).isEqualTo(2);
    assertThat(app.packageStatus(pending)).isZero();
  }

  @ParameterizedTest
  @ValueSource(ints = {404, 501})
  void gatewayWithoutThePackageQuery_fallsBackToTheLocalCheck(int answer) {
    String iccid = "8986000000000001950" + (answer == 404 ? "3" : "4");
    long card = app.data().card().iccid(iccid).insert();
    long overLimit = app.data().packageOfCard(card).status(1).usage("2048", "1024").insert();
    carrier().setPackage(iccid, "active");
    carrier().failNext(iccid, 1, answer);

    app.dispatch(card, TaskType.PACKAGE);

    // The local check alone: the package over its limit is exhausted, nothing else is left.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "no_package".equals(app.card(card).stopReason()));
    assertThat(app.packageStatus(overLimit)).isEqualTo(2);
    assertThat(carrier().calls(iccid)).containsEntry("package", 1);
    assertThat(lastStopReasons(card)).isEqualTo("{no_package,traffic_exhausted}");
  }

  @Test
  void carrierDown_retriesSoon_andChangesNothing() {
    String iccid = "89860000000000019505";
    long card = app.data().card().iccid(iccid).insert();
    long pkg = app.data().packageOfCard(card).status(1).usage("2048", "1024").insert();
    carrier().setPackage(iccid, "expired");
    carrier().failNext(iccid, 1_000, 503);

    app.dispatch(card, TaskType.PACKAGE);

    // Retried after the short retry delay (60 s), not at the package interval of an online card.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> app.queues().nextCheckIn(card, TaskType.PACKAGE, Duration.ofSeconds(60)));
    assertThat(carrier().calls(iccid)).containsEntry("package", 1);
    assertThat(app.packageStatus(pkg)).isEqualTo(1);
    assertThat(app.card(card).isOnline()).isTrue();
    assertThat(logRows(card)).isZero();
    assertThat(carrier().calls(iccid)).doesNotContainKey("stop");
    carrier().failNext(iccid, 0, 503);
  }

  private static SimulatorControl carrier() {
    return app.simulator().control();
  }

  private static String lastStopReasons(long card) {
    return app.postgres()
        .jdbc()
        .sql(
            "SELECT reasons::text FROM tb_stop_resume_log WHERE iot_card_id = ? AND action ="
                + " 'stop' AND result = 'success' ORDER BY id DESC LIMIT 1")
        .param(card)
        .query(String.class)
        .single();
  }

  private static long logRows(long card) {
    return app.postgres()
        .jdbc()
        .sql("SELECT count(*) FROM tb_stop_resume_log WHERE iot_card_id = ?")
        .param(card)
        .query(Long.class)
        .single();
  }
}
