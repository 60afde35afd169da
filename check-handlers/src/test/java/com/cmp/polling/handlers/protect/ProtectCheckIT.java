package com.cmp.polling.handlers.protect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.protection.DesiredState;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.state.CardState;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ProtectCheckIT {

  @RegisterExtension static final HandlersTestApp app = HandlersTestApp.withDefaults();

  @Test
  void insideThePeriod_aCarrierStateThatDrifted_isForcedBack() {
    long card = app.data().card().stopped("manual").insert();
    app.data().packageOfCard(card).status(1).insert();
    app.bean(ProtectionPeriods.class).protect(card, DesiredState.STOPPED, Duration.ofHours(1));
    // Someone resumed it at the carrier behind our back.
    app.simulator()
        .control()
        .setCard(app.card(card).iccid(), new CardState(null, true, null, null));

    app.dispatch(card, TaskType.PROTECT);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                app.simulator().control().calls(app.card(card).iccid()).getOrDefault("stop", 0)
                    == 1);
    assertThat(app.bean(StopResumeLogStore.class).findByCard(card))
        .singleElement()
        .satisfies(e -> assertThat(e.trigger()).isEqualTo(ActionTrigger.PROTECTION));
    // Still protected: next protect check after the config's protect interval (60 s).
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> app.queues().nextCheckIn(card, TaskType.PROTECT, Duration.ofSeconds(60)));
  }

  @Test
  void insideThePeriod_aCarrierInTheDesiredState_isLeftAlone() {
    long card = app.data().card().insert();
    app.bean(ProtectionPeriods.class).protect(card, DesiredState.ONLINE, Duration.ofHours(1));

    app.dispatch(card, TaskType.PROTECT);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> app.queues().nextCheckIn(card, TaskType.PROTECT, Duration.ofSeconds(60)));
    assertThat(app.simulator().control().calls(app.card(card).iccid()))
        .containsOnlyKeys("network-status");
    assertThat(app.card(card).isOnline()).isTrue();
  }

  @Test
  void afterThePeriod_theRulesDecideOnce_andTheCardLeavesTheProtectQueue() {
    long card = app.data().card().insert(); // no package: the rules stop it

    app.dispatch(card, TaskType.PROTECT);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "no_package".equals(app.card(card).stopReason()));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> app.queues().score(card, TaskType.PROTECT) == null);
  }
}
