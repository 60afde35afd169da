package com.cmp.polling.simulator.behaviour;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.simulator.calls.CardOperation;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
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

  @Test
  void batchSizes_andAccounts_areLookedUpByCarrier() {
    Behaviour behaviour =
        Behaviour.none()
            .withBatchSize(1, CardOperation.USAGE, 10)
            .withBatchSize(1, CardOperation.STOP, 100)
            .withAccount("acct-a", new Account(List.of(1L, 2L), 20, 100_000L));

    assertThat(behaviour.batchSizeFor(1, CardOperation.USAGE)).hasValue(10);
    assertThat(behaviour.batchSizeFor(1, CardOperation.STOP)).hasValue(100);
    assertThat(behaviour.batchSizeFor(1, CardOperation.REAL_NAME)).isEmpty();
    assertThat(behaviour.batchSizeFor(2, CardOperation.USAGE)).isEmpty();
    assertThat(behaviour.accountOf(2)).contains("acct-a");
    assertThat(behaviour.accountOf(3)).isEmpty();
  }

  @Test
  void badBatchSizesAndAccounts_areRefused() {
    assertThatThrownBy(
            () -> new Behaviour(0, 0, null, null, 0, Map.of(1L, Map.of("usage", 0)), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("batch size of usage at carrier 1");
    assertThatThrownBy(() -> new Behaviour(0, 0, null, null, 0, Map.of(1L, Map.of("sms", 5)), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown operation sms");
    assertThatThrownBy(
            () ->
                Behaviour.none()
                    .withAccount("acct-a", new Account(List.of(1L), null, null))
                    .withAccount("acct-b", new Account(List.of(1L, 2L), null, null)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("carrier 1 is in two accounts");
    assertThatThrownBy(() -> new Account(List.of(), 1, 1L))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Account(List.of(1L), 0, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("callsPerSecond");
    assertThatThrownBy(() -> new Account(List.of(1L), null, 0L))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("callsPerDay");
  }
}
