package com.cmp.polling.simulator.calls;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CallCounterTest {

  private final CallCounter counter = new CallCounter();

  @Test
  void calls_areCountedPerIccidAndOperation_underTheirWireNames() {
    counter.record("8986001", CardOperation.REAL_NAME);
    counter.record("8986001", CardOperation.REAL_NAME);
    counter.record("8986001", CardOperation.NETWORK_STATUS);
    counter.record("8986002", CardOperation.STOP);

    assertThat(counter.forCard("8986001")).isEqualTo(Map.of("real-name", 2, "network-status", 1));
    assertThat(counter.report())
        .isEqualTo(
            new CallReport(
                4,
                0,
                Map.of(
                    "8986001", Map.of("real-name", 2, "network-status", 1),
                    "8986002", Map.of("stop", 1))));
  }

  @Test
  void unknownIccid_hasNoCounts() {
    assertThat(counter.forCard("8986404")).isEmpty();
  }

  @Test
  void rateLimited_isCountedApart() {
    counter.record("8986001", CardOperation.USAGE);
    counter.recordRateLimited();

    assertThat(counter.report().total()).isEqualTo(1);
    assertThat(counter.report().rateLimited()).isEqualTo(1);
  }

  @Test
  void reset_forgetsEveryCount() {
    counter.record("8986001", CardOperation.START);
    counter.recordRateLimited();

    counter.reset();

    assertThat(counter.report()).isEqualTo(new CallReport(0, 0, Map.of()));
  }
}
