package com.cmp.polling.operator.deadletter;

import com.cmp.polling.operator.web.UnavailableException;

/** Kafka did not answer the dead-letter reads (503). */
public class DeadLettersUnavailableException extends UnavailableException {

  DeadLettersUnavailableException(Exception cause) {
    super("Kafka did not answer the dead-letter reads: " + cause.getMessage(), cause);
  }
}
