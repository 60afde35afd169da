package com.cmp.polling.handlers.realname;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.handlers.HandlersTestApp;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.simulator.state.CardState;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RealnameCheckIT {

  @RegisterExtension static final HandlersTestApp app = HandlersTestApp.withDefaults();

  @Test
  void firstVerification_ofACardStoppedForNotRealname_activatesItsPendingPackage_andResumesIt() {
    long card = app.data().card().unverified().stopped("not_realname").insert();
    long pending = app.data().packageOfCard(card).status(0).insert();
    app.simulator()
        .control()
        .setCard(app.card(card).iccid(), new CardState(true, null, null, null));

    app.dispatch(card, TaskType.REALNAME);

    await().atMost(Duration.ofSeconds(30)).until(() -> app.card(card).isOnline());
    Card after = app.card(card);
    assertThat(after.isRealNameVerified()).isTrue();
    assertThat(after.stopReason()).isNull();
    assertThat(
            app.postgres()
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
        .until(() -> app.queues().nextCheckIn(card, TaskType.REALNAME, Duration.ofDays(1)));
  }

  @Test
  void unchangedStatus_changesNothing_andDecidesNothing() {
    long card = app.data().card().unverified().insert();
    app.data().packageOfCard(card).status(1).insert();
    app.simulator()
        .control()
        .setCard(app.card(card).iccid(), new CardState(false, null, null, null));

    app.dispatch(card, TaskType.REALNAME);

    // default-not-real-name: real-name every 300 s.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> app.queues().nextCheckIn(card, TaskType.REALNAME, Duration.ofSeconds(300)));
    assertThat(app.card(card).isRealNameVerified()).isFalse();
    assertThat(app.card(card).isOnline()).isTrue();
    assertThat(app.simulator().control().calls(app.card(card).iccid()))
        .containsOnlyKeys("real-name");
  }
}
