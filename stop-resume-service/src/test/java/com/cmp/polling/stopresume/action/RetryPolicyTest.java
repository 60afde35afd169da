package com.cmp.polling.stopresume.action;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

  @Test
  void backoff_growsByTheMultiplier_afterEachFailedAttempt() {
    RetryPolicy policy = RetryPolicy.DEFAULTS;

    assertThat(policy.attempts()).isEqualTo(3);
    assertThat(policy.backoffAfter(1)).isEqualTo(Duration.ofMillis(200));
    assertThat(policy.backoffAfter(2)).isEqualTo(Duration.ofMillis(400));
  }

  @Test
  void nonsense_isRefused() {
    assertThatThrownBy(() -> new RetryPolicy(0, Duration.ZERO, 1))
        .hasMessage("attempts must be at least 1, was 0");
    assertThatThrownBy(() -> new RetryPolicy(3, Duration.ofMillis(-1), 2))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RetryPolicy(3, Duration.ZERO, 0.5))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
