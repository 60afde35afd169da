package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TaskResultTest {

  @Test
  void resultTags_areTheOnesTheReadmeAlertsAndDashboardKnow() {
    assertThat(Arrays.stream(TaskResult.values()).map(TaskResult::tag).distinct())
        .containsExactlyInAnyOrder(
            "next", "retry", "leave", "dropped", "invalid", "superseded", "failed");
    assertThat(TaskResult.PUT_OFF.tag()).isEqualTo(TaskResult.RETRY.tag());
  }

  @Test
  void eachDropReason_endsItsTaskAsDropped_underItsOwnResult() {
    assertThat(DropReason.GONE.result()).isEqualTo(TaskResult.DROPPED_GONE);
    assertThat(DropReason.POLLING_DISABLED.result()).isEqualTo(TaskResult.DROPPED_POLLING_DISABLED);
    assertThat(Arrays.stream(DropReason.values()).map(r -> r.result().tag()))
        .containsOnly("dropped");
  }
}
