package com.cmp.polling.scheduler.console.deadletter;

/** Kafka did not answer the dead-letter reads (503 for the console). */
public class DeadLettersUnavailableException extends RuntimeException {

  DeadLettersUnavailableException(Exception cause) {
    super("Kafka did not answer the dead-letter reads: " + cause.getMessage(), cause);
  }
}
