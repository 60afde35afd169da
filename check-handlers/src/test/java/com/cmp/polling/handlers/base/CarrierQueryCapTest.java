package com.cmp.polling.handlers.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CarrierQueryCapTest {

  @Test
  void aLimitedCarrier_isCappedAtItsCallsPerSecondTimesTheWait() {
    var cap = new CarrierQueryCap(Map.of(1L, 4), null, Duration.ofMillis(1500));

    assertThat(cap.capOf(1L)).hasValue(6);
  }

  @Test
  void aCarrierWithoutALimit_hasNoCap() {
    var cap = new CarrierQueryCap(Map.of(1L, 4), null, Duration.ofSeconds(1));

    assertThat(cap.capOf(2L)).isEmpty();
    for (int i = 0; i < 1000; i++) {
      assertThat(cap.tryEnter(2L)).isTrue();
    }
  }

  @Test
  void theDefaultLimit_capsTheCarriersNotListed() {
    var cap = new CarrierQueryCap(Map.of(1L, 40), 3, Duration.ofSeconds(2));

    assertThat(cap.capOf(9L)).hasValue(6);
    assertThat(cap.capOf(1L)).hasValue(80);
  }

  @Test
  void aVerySlowCarrier_stillGetsOneQueryAtATime() {
    var cap = new CarrierQueryCap(Map.of(1L, 1), null, Duration.ofMillis(100));

    assertThat(cap.capOf(1L)).hasValue(1);
  }

  @Test
  void aCarrierAtItsCap_refusesTheNextQuery_untilOneLeaves() {
    var cap = new CarrierQueryCap(Map.of(1L, 2), null, Duration.ofSeconds(1));

    assertThat(cap.tryEnter(1L)).isTrue();
    assertThat(cap.tryEnter(1L)).isTrue();
    assertThat(cap.tryEnter(1L)).isFalse();
    // Another carrier's places are its own.
    var other = new CarrierQueryCap(Map.of(1L, 2, 3L, 1), null, Duration.ofSeconds(1));
    assertThat(other.tryEnter(3L)).isTrue();
    assertThat(other.tryEnter(1L)).isTrue();

    cap.leave(1L);

    assertThat(cap.tryEnter(1L)).isTrue();
    assertThat(cap.tryEnter(1L)).isFalse();
  }
}
