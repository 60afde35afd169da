package com.cmp.polling.listener.consumer;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.listener.RetryListener;
import org.springframework.kafka.support.KafkaUtils;

/**
 * One line per failed try of a lifecycle event, instead of the container's stack trace at every try
 * (a Redis outage retried for minutes would print dozens): the event, the try, what failed. Only an
 * event dead-lettered after its tries (an unexpected error: malformed events never get here, the
 * applier dead-letters them itself) carries its stack trace, once.
 */
final class FailedEventLog implements RetryListener {

  private static final Logger log = LoggerFactory.getLogger(FailedEventLog.class);

  @Override
  public void failedDelivery(ConsumerRecord<?, ?> record, Exception failure, int attempt) {
    log.warn(
        "lifecycle event {} failed (try {}): {}; it is tried again",
        KafkaUtils.format(record),
        attempt,
        reason(failure));
  }

  @Override
  public void recovered(ConsumerRecord<?, ?> record, Exception failure) {
    log.warn(
        "lifecycle event {} sent to the dead-letter topic after its tries: {}",
        KafkaUtils.format(record),
        reason(failure),
        failure);
  }

  @Override
  public void recoveryFailed(ConsumerRecord<?, ?> record, Exception original, Exception failure) {
    log.error(
        "lifecycle event {} could not be sent to the dead-letter topic ({}); it is tried again",
        KafkaUtils.format(record),
        failure.getMessage());
  }

  /** What the applier said failed, and the deepest cause's message: the actual reason. */
  static String reason(Throwable failure) {
    String what = null;
    Throwable deepest = failure;
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (what == null && cause instanceof BatchListenerFailedException) {
        what = cause.getMessage();
      }
      deepest = cause;
      if (cause.getCause() == cause) {
        break;
      }
    }
    String root =
        deepest.getMessage() != null ? deepest.getMessage() : deepest.getClass().getSimpleName();
    if (what == null || what.contains(root)) {
      return what == null ? root : what;
    }
    return what + ": " + root;
  }
}
