package com.cmp.polling.handlers.protect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.protection.DesiredState;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.handlers.QueueProbe;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.state.CardState;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.kafka.KafkaExtension;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import com.cmp.polling.testsupport.redis.RedisExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class ProtectCheckIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.empty();
  @RegisterExtension static final RedisExtension redis = new RedisExtension();
  @RegisterExtension static final KafkaExtension kafka = KafkaExtension.dedicated();

  static HandlersTestApp app;
  static TestData data;
  static QueueProbe queues;

  @BeforeAll
  static void start() {
    app = HandlersTestApp.start(postgres, redis, kafka, Map.of());
    data = postgres.data();
    queues = new QueueProbe(redis);
  }

  @AfterAll
  static void stop() {
    app.close();
  }

  @Test
  void insideThePeriod_aCarrierStateThatDrifted_isForcedBack() {
    long card = data.card().stopped("manual").insert();
    data.packageOfCard(card).status(1).insert();
    app.bean(ProtectionPeriods.class).protect(card, DesiredState.STOPPED, Duration.ofHours(1));
    // Someone resumed it at the carrier behind our back.
    app.simulator().control().setCard(card(card).iccid(), new CardState(null, true, null, null));

    app.dispatch(card, TaskType.PROTECT);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> app.simulator().control().calls(card(card).iccid()).getOrDefault("stop", 0) == 1);
    assertThat(app.bean(StopResumeLogStore.class).findByCard(card))
        .singleElement()
        .satisfies(e -> assertThat(e.trigger()).isEqualTo(ActionTrigger.PROTECTION));
    // Still protected: next protect check after the config's protect interval (60 s).
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> queues.nextCheckIn(card, TaskType.PROTECT, Duration.ofSeconds(60)));
  }

  @Test
  void insideThePeriod_aCarrierInTheDesiredState_isLeftAlone() {
    long card = data.card().insert();
    app.bean(ProtectionPeriods.class).protect(card, DesiredState.ONLINE, Duration.ofHours(1));

    app.dispatch(card, TaskType.PROTECT);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> queues.nextCheckIn(card, TaskType.PROTECT, Duration.ofSeconds(60)));
    assertThat(app.simulator().control().calls(card(card).iccid()))
        .containsOnlyKeys("network-status");
    assertThat(card(card).isOnline()).isTrue();
  }

  @Test
  void afterThePeriod_theRulesDecideOnce_andTheCardLeavesTheProtectQueue() {
    long card = data.card().insert(); // no package: the rules stop it

    app.dispatch(card, TaskType.PROTECT);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "no_package".equals(card(card).stopReason()));
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> queues.score(card, TaskType.PROTECT) == null);
  }

  private static Card card(long id) {
    return app.bean(CardStore.class).findById(id).orElseThrow();
  }
}
