package com.cmp.polling.listener.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import com.cmp.polling.core.queue.PollingQueueException;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.listener.ListenerExecutionFailedException;

class FailedEventLogTest {

  @Test
  void reason_isWhatTheApplierSaid_andTheDeepestCause() {
    var failure =
        new ListenerExecutionFailedException(
            "Listener method threw exception",
            new BatchListenerFailedException(
                "3 status changes from polling.lifecycle-0@7 failed",
                new IllegalStateException(
                    "wrapped", new PollingQueueException("requeue of 3 cards failed", null)),
                0));

    assertThat(FailedEventLog.reason(failure))
        .startsWith("3 status changes from polling.lifecycle-0@7 failed")
        .endsWith(": requeue of 3 cards failed");
  }

  @Test
  void reason_ofAPlainException_isItsMessage() {
    assertThat(FailedEventLog.reason(new IllegalStateException("boom"))).isEqualTo("boom");
    assertThat(FailedEventLog.reason(new NullPointerException())).isEqualTo("NullPointerException");
  }
}
