package com.cmp.polling.core.stopresumelog;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
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
