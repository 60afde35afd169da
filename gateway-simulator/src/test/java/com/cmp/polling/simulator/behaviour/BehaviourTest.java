package com.cmp.polling.simulator.behaviour;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BehaviourTest {

  @Test
  void none_hasNoLatencyErrorsLimitsOrGrowth() {
    Behaviour none = Behaviour.none();

    assertThat(none.latencyMs()).isZero();
    assertThat(none.errorRate()).isZero();
    assertThat(none.rateLimitPerSecond()).isEmpty();
    assertThat(none.usageGrowthMbPerQuery()).isEqualByComparingTo("0");
    assertThat(none.trickleMsPerByte()).isZero();
  }

  @Test
  void absentLimitsAndGrowth_meanNone() {
    Behaviour behaviour = new Behaviour(5, 0.1, null, null);

    assertThat(behaviour.rateLimitPerSecond()).isEmpty();
    assertThat(behaviour.usageGrowthMbPerQuery()).isEqualByComparingTo("0");
  }

  @Test
  void limitFor_isEmptyForACarrierWithoutLimit() {
    Behaviour behaviour = Behaviour.none().withRateLimit(1, 50);

    assertThat(behaviour.limitFor(1)).hasValue(50);
    assertThat(behaviour.limitFor(2)).isEmpty();
  }

  @Test
  void withers_changeOneFieldOnly() {
    Behaviour behaviour =
        Behaviour.none()
            .withLatencyMs(20)
            .withErrorRate(0.25)
            .withRateLimit(3, 7)
            .withUsageGrowthMbPerQuery(new BigDecimal("1.5"))
            .withTrickleMsPerByte(9);

    assertThat(behaviour)
        .isEqualTo(new Behaviour(20, 0.25, Map.of(3L, 7), new BigDecimal("1.5"), 9));
  }

  @Test
  void outOfRangeValues_areRefused() {
    assertThatThrownBy(() -> new Behaviour(-1, 0, null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("latencyMs");
    assertThatThrownBy(() -> new Behaviour(0, 1.01, null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("errorRate");
    assertThatThrownBy(() -> new Behaviour(0, Double.NaN, null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("errorRate");
    assertThatThrownBy(() -> new Behaviour(0, 0, Map.of(1L, 0), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("carrier 1");
    assertThatThrownBy(() -> new Behaviour(0, 0, null, new BigDecimal("-0.1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("usageGrowthMbPerQuery");
    assertThatThrownBy(() -> Behaviour.none().withTrickleMsPerByte(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("trickleMsPerByte");
  }

  @Test
  void nullLimit_isRefused() {
    Map<Long, Integer> limits = new HashMap<>();
    limits.put(1L, null);

    assertThatThrownBy(() -> new Behaviour(0, 0, limits, null))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
