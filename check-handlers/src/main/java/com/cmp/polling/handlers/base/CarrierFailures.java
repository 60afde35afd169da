package com.cmp.polling.handlers.base;

import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.stopresume.CarrierActionFailedException;
import com.cmp.polling.stopresume.gateway.GatewayException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a check the carrier failed goes next: a passing failure (timeout, rate limit, 5xx) is
 * retried after the short retry delay, a refusal waits for the usual interval.
 */
final class CarrierFailures {

  private static final Logger log = LoggerFactory.getLogger(CarrierFailures.class);

  private CarrierFailures() {}

  /** The outcome after {@code failure}; empty when it is not the carrier's. */
  static Optional<CheckOutcome> outcome(CheckTask task, RuntimeException failure) {
    boolean retryable;
    if (failure instanceof GatewayException gateway) {
      retryable = gateway.isRetryable();
    } else if (failure instanceof CarrierActionFailedException action) {
      retryable = action.isRetryable();
    } else {
      return Optional.empty();
    }
    if (retryable) {
      log.warn(
          "{} check of card {} failed, retried soon: {}",
          task.taskType().code(),
          task.cardId(),
          failure.getMessage());
      return Optional.of(CheckOutcome.RETRY_SOON);
    }
    log.error(
        "{} check of card {} refused by the carrier, next at the usual interval: {}",
        task.taskType().code(),
        task.cardId(),
        failure.getMessage());
    return Optional.of(CheckOutcome.NEXT);
  }
}
