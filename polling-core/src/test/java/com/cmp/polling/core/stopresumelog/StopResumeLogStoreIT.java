package com.cmp.polling.core.stopresumelog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class StopResumeLogStoreIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private final StopResumeLogStore store = new StopResumeLogStore(postgres.jdbc());

  @Test
  void everyAttempt_isKept_andReadBackNewestFirst() {
    long card = postgres.data().card().insert();
    store.insert(entry(card, AttemptResult.ERROR, 1, "gateway timeout after 2000 ms"));
    store.insert(entry(card, AttemptResult.SUCCESS, 2, null));

    var entries = store.findByCard(card);

    assertThat(entries).hasSize(2);
    assertThat(entries.get(0).attempt()).isEqualTo(2);
    assertThat(entries.get(0).result()).isEqualTo(AttemptResult.SUCCESS);
    assertThat(entries.get(0).createdAt()).isNotNull();
    assertThat(entries.get(1).error()).isEqualTo("gateway timeout after 2000 ms");
    assertThat(entries.get(1))
        .usingRecursiveComparison()
        .ignoringFields("createdAt")
        .isEqualTo(entry(card, AttemptResult.ERROR, 1, "gateway timeout after 2000 ms"));
  }

  @Test
  void everyReasonThatHeld_isStored_inOrder_withTheReasonSetFirst() {
    long card = postgres.data().card().insert();
    store.insert(
        new StopResumeLogEntry(
            card,
            null,
            CardActionType.STOP,
            StopReason.NO_PACKAGE,
            List.of(StopReason.NO_PACKAGE, StopReason.TRAFFIC_EXHAUSTED, StopReason.NOT_REALNAME),
            ActionTrigger.EVALUATION,
            AttemptResult.SUCCESS,
            1,
            null,
            null));

    assertThat(store.findByCard(card).get(0).reasons())
        .containsExactly(
            StopReason.NO_PACKAGE, StopReason.TRAFFIC_EXHAUSTED, StopReason.NOT_REALNAME);
    assertThat(
            postgres
                .jdbc()
                .sql(
                    "SELECT array_to_string(reasons, ' ') FROM tb_stop_resume_log"
                        + " WHERE iot_card_id = ?")
                .param(card)
                .query(String.class)
                .single())
        .isEqualTo("no_package traffic_exhausted not_realname");
  }

  @Test
  void aRowWrittenBeforeReasonsWereKept_readsAsItsReasonAlone() {
    long card = postgres.data().card().insert();
    postgres
        .jdbc()
        .sql(
            "INSERT INTO tb_stop_resume_log (iot_card_id, action, reason, trigger, result,"
                + " attempt) VALUES (?, 'stop', 'no_package', 'evaluation', 'success', 1)")
        .param(card)
        .update();

    assertThat(store.findByCard(card).get(0).reasons()).containsExactly(StopReason.NO_PACKAGE);
  }

  @Test
  void reasonsNotStartingWithTheReason_areRefused_byTheDatabaseToo() {
    long card = postgres.data().card().insert();

    assertThatThrownBy(
            () ->
                postgres
                    .jdbc()
                    .sql(
                        "INSERT INTO tb_stop_resume_log (iot_card_id, action, reason, reasons,"
                            + " trigger, result, attempt) VALUES (?, 'stop', 'no_package',"
                            + " '{traffic_exhausted,no_package}', 'evaluation', 'success', 1)")
                    .param(card)
                    .update())
        .hasMessageContaining("ck_stop_resume_log_reasons");
    assertThatThrownBy(
            () ->
                new StopResumeLogEntry(
                    card,
                    null,
                    CardActionType.STOP,
                    StopReason.NO_PACKAGE,
                    List.of(StopReason.TRAFFIC_EXHAUSTED),
                    ActionTrigger.EVALUATION,
                    AttemptResult.SUCCESS,
                    1,
                    null,
                    null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must start with the reason no_package");
  }

  @Test
  void lastStop_isTheNewestConfirmedStop_notAFailedOneNorAResume() {
    long card = postgres.data().card().insert();
    store.insert(
        new StopResumeLogEntry(
            card,
            null,
            CardActionType.STOP,
            StopReason.TRAFFIC_EXHAUSTED,
            List.of(StopReason.TRAFFIC_EXHAUSTED, StopReason.NOT_REALNAME),
            ActionTrigger.EVALUATION,
            AttemptResult.SUCCESS,
            1,
            null,
            null));
    store.insert(
        new StopResumeLogEntry(
            card,
            null,
            CardActionType.RESUME,
            StopReason.TRAFFIC_EXHAUSTED,
            ActionTrigger.EVALUATION,
            AttemptResult.SUCCESS,
            1,
            null,
            null));
    store.insert(entry(card, AttemptResult.FAILED, 3, "carrier down"));

    StopResumeLogEntry last = store.lastStop(card).orElseThrow();

    assertThat(last.action()).isEqualTo(CardActionType.STOP);
    assertThat(last.result()).isEqualTo(AttemptResult.SUCCESS);
    assertThat(last.reasons())
        .containsExactly(StopReason.TRAFFIC_EXHAUSTED, StopReason.NOT_REALNAME);
    assertThat(store.lastStop(777_778)).isEmpty();
  }

  @Test
  void findByCard_ofACardWithoutHistory_isEmpty() {
    assertThat(store.findByCard(777_777)).isEmpty();
  }

  private static StopResumeLogEntry entry(
      long card, AttemptResult result, int attempt, String error) {
    return new StopResumeLogEntry(
        card,
        10L,
        CardActionType.STOP,
        StopReason.TRAFFIC_EXHAUSTED,
        ActionTrigger.EVALUATION,
        result,
        attempt,
        error,
        null);
  }
}
