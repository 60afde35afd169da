package com.cmp.polling.stopresume.action;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.cmp.polling.stopresume.gateway.CarrierRejectedException;
import com.cmp.polling.stopresume.gateway.GatewayUnavailableException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.util.backoff.BackOffExecution;

class CarrierRetryTest {

  @Test
  void defaults_tryThreeTimes_200msThen400msApart() {
    BackOffExecution pauses = CarrierRetry.defaults().getBackOff().start();

    assertThat(pauses.nextBackOff()).isEqualTo(200);
    assertThat(pauses.nextBackOff()).isEqualTo(400);
    assertThat(pauses.nextBackOff()).isEqualTo(BackOffExecution.STOP);
  }

  @Test
  void oneAttempt_meansNoRetry() {
    BackOffExecution pauses =
        CarrierRetry.policy(1, Duration.ofMillis(200), 2.0).getBackOff().start();

    assertThat(pauses.nextBackOff()).isEqualTo(BackOffExecution.STOP);
  }

  @Test
  void passingGatewayFailures_areRetried_refusalsAndOtherFailuresAreNot() {
    RetryPolicy policy = CarrierRetry.defaults();

    assertThat(policy.shouldRetry(new GatewayUnavailableException("stop: HTTP 503", null)))
        .isTrue();
    assertThat(policy.shouldRetry(new CarrierRejectedException("stop: HTTP 404", 404, null)))
        .isFalse();
    assertThat(policy.shouldRetry(new IllegalStateException("a bug"))).isFalse();
  }

  @Test
  void nonsense_isRefused() {
    assertThatThrownBy(() -> CarrierRetry.policy(0, Duration.ZERO, 1))
        .hasMessage("attempts must be at least 1, was 0");
    assertThatThrownBy(() -> CarrierRetry.policy(3, Duration.ofMillis(-1), 2))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> CarrierRetry.policy(3, Duration.ZERO, 0.5))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
