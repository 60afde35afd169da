package com.cmp.polling.stopresume.gateway;

/** The carrier gateway did not do what was asked. The message names the operation and card. */
public abstract class GatewayException extends RuntimeException {

  protected GatewayException(String message, Throwable cause) {
    super(message, cause);
  }

  /** Whether asking again later may succeed. */
  public abstract boolean isRetryable();
}
