package com.cmp.polling.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.testsupport.data.TestData;
import com.cmp.polling.testsupport.postgres.PostgresExtension;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class PollingConfigStoreIT {

  @RegisterExtension static final PostgresExtension postgres = PostgresExtension.migrated();

  private final PollingConfigStore store = new PollingConfigStore(postgres.jdbc());
  private TestData data;

  @BeforeEach
  void onlyTestConfigs() {
    postgres.jdbc().sql("DELETE FROM tb_polling_config").update();
    data = postgres.data();
  }

  @Test
  void findEnabled_ordersByPriority_thenId_andSkipsDisabled() {
    long low =
        data.config("carrier-1-unverified")
            .condition("not_real_name")
            .carrier(1L)
            .priority(10)
            .insert();
    long high = data.config("unverified").condition("not_real_name").priority(20).insert();
    long sameHighLater = data.config("any").priority(20).insert();
    data.config("switched-off").priority(1).disabled().insert();

    assertThat(store.findEnabled())
        .extracting(PollingConfig::id)
        .containsExactly(low, high, sameHighLater);
  }

  @Test
  void mapsConditionCarrierAndIntervals_nullMeaningAnyOrOff() {
    long id =
        data.config("mixed")
            .condition("suspended")
            .carrier(2L)
            .priority(5)
            .intervals(null, 3600, 7200, null)
            .insert();
    long any = data.config("anything").intervals(60, 60, 60, 60).insert();

    PollingConfig mixed = store.findById(id).orElseThrow();
    PollingConfig anything = store.findById(any).orElseThrow();

    assertThat(mixed.condition()).isEqualTo(CardCondition.SUSPENDED);
    assertThat(mixed.carrierId()).isEqualTo(2L);
    assertThat(mixed.interval(TaskType.REALNAME)).isEmpty();
    assertThat(mixed.interval(TaskType.CARDDATA)).contains(Duration.ofHours(1));
    assertThat(mixed.interval(TaskType.PACKAGE)).contains(Duration.ofHours(2));
    assertThat(mixed.interval(TaskType.PROTECT)).isEmpty();
    assertThat(anything.condition()).isNull();
    assertThat(anything.carrierId()).isNull();
    assertThat(anything.enabled()).isTrue();
  }

  @Test
  void findById_ofAnUnknownConfig_isEmpty() {
    assertThat(store.findById(424242)).isEmpty();
  }
}
