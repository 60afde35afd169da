package com.cmp.polling.handlers.realname;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.handlers.QueueProbe;
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

class RealnameCheckIT {

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
  void firstVerification_ofACardStoppedForNotRealname_activatesItsPendingPackage_andResumesIt() {
    long card = data.card().unverified().stopped("not_realname").insert();
    long pending = data.packageOfCard(card).status(0).insert();
    app.simulator().control().setCard(card(card).iccid(), new CardState(true, null, null, null));

    app.dispatch(card, TaskType.REALNAME);

    await().atMost(Duration.ofSeconds(30)).until(() -> card(card).isOnline());
    Card after = card(card);
    assertThat(after.isRealNameVerified()).isTrue();
    assertThat(after.stopReason()).isNull();
    assertThat(
            postgres
                .jdbc()
                .sql("SELECT status FROM tb_package_usage WHERE id = ?")
                .param(pending)
                .query(Integer.class)
                .single())
        .isEqualTo(1);
    assertThat(app.simulator().control().calls(after.iccid()))
        .containsEntry("real-name", 1)
        .containsEntry("start", 1);
    // Online and verified now: default-activated checks real-name daily.
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> queues.nextCheckIn(card, TaskType.REALNAME, Duration.ofDays(1)));
  }

  @Test
  void unchangedStatus_changesNothing_andDecidesNothing() {
    long card = data.card().unverified().insert();
    data.packageOfCard(card).status(1).insert();
    app.simulator().control().setCard(card(card).iccid(), new CardState(false, null, null, null));

    app.dispatch(card, TaskType.REALNAME);

    // default-not-real-name: real-name every 300 s.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> queues.nextCheckIn(card, TaskType.REALNAME, Duration.ofSeconds(300)));
    assertThat(card(card).isRealNameVerified()).isFalse();
    assertThat(card(card).isOnline()).isTrue();
    assertThat(app.simulator().control().calls(card(card).iccid())).containsOnlyKeys("real-name");
  }

  private static Card card(long id) {
    return app.bean(CardStore.class).findById(id).orElseThrow();
  }
}
