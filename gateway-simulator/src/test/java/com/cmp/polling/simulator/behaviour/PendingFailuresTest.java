package com.cmp.polling.simulator.behaviour;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class PendingFailuresTest {

  private final PendingFailures failures = new PendingFailures();

  @Test
  void armedFailures_areTakenOneByOne_thenNoneIsLeft() {
    failures.arm("8986001", 2, 502);

    assertThat(failures.take("8986001")).hasValue(502);
    assertThat(failures.take("8986001")).hasValue(502);
    assertThat(failures.take("8986001")).isEmpty();
  }

  @Test
  void failuresOfOneIccid_leaveOthersAlone() {
    failures.arm("8986001", 1, 503);

    assertThat(failures.take("8986002")).isEmpty();
    assertThat(failures.take("8986001")).hasValue(503);
  }

  @Test
  void armingAgain_replacesWhatIsPending() {
    failures.arm("8986001", 3, 503);
    failures.arm("8986001", 1, 404);

    assertThat(failures.take("8986001")).hasValue(404);
    assertThat(failures.take("8986001")).isEmpty();
  }

  @Test
  void countZero_disarms() {
    failures.arm("8986001", 3, 503);
    failures.arm("8986001", 0, 503);

    assertThat(failures.take("8986001")).isEmpty();
  }

  @Test
  void reset_forgetsEveryPendingFailure() {
    failures.arm("8986001", 3, 503);

    failures.reset();

    assertThat(failures.take("8986001")).isEqualTo(OptionalInt.empty());
  }

  @Test
  void statusOutside400To599_orNegativeCount_isRefused() {
    assertThatThrownBy(() -> failures.arm("8986001", 1, 200))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("400..599");
    assertThatThrownBy(() -> failures.arm("8986001", -1, 503))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("count");
  }
}
