package com.cmp.polling.core.queue;

/**
 * A queue operation that Redis did not carry out (unreachable, timed out, refused). The message
 * names the operation and the card or shard; every operation is safe to retry.
 */
public class PollingQueueException extends RuntimeException {

  public PollingQueueException(String message, Throwable cause) {
    super(message, cause);
  }
}
