package com.cmp.polling.stopresume.action;

import com.cmp.polling.stopresume.gateway.GatewayException;
import java.time.Duration;
import org.springframework.core.retry.RetryPolicy;

/**
 * How often and how patiently a stop or start is tried at the carrier, as Spring's {@link
 * RetryPolicy} (spring-core): exponential back-off, and only failures that may pass are tried again
 * — a carrier's refusal (4xx) is final.
 */
public final class CarrierRetry {

  private CarrierRetry() {}

  /**
   * @param attempts tries in all (the seeds ask for 3)
   * @param firstBackoff pause after the first failure (whole milliseconds)
   * @param multiplier growth of the pause after each further failure (at least 1)
   */
  public static RetryPolicy policy(int attempts, Duration firstBackoff, double multiplier) {
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be at least 1, was " + attempts);
    }
    return RetryPolicy.builder()
        .maxRetries(attempts - 1)
        .delay(firstBackoff)
        .multiplier(multiplier)
        .predicate(CarrierRetry::worthRetrying)
        .build();
  }

  /** 3 tries, 200 ms then 400 ms apart. */
  public static RetryPolicy defaults() {
    return policy(3, Duration.ofMillis(200), 2.0);
  }

  /** A gateway failure that may pass (timeout, 5xx, 429); anything else is not retried. */
  static boolean worthRetrying(Throwable failure) {
    return failure instanceof GatewayException gateway && gateway.isRetryable();
  }
}
