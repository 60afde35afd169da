package com.cmp.polling.stopresume.gateway;

/** The gateway timed out, was unreachable, busy (429, 408) or broken (5xx): try again later. */
public class GatewayUnavailableException extends GatewayException {

  public GatewayUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }

  @Override
  public boolean isRetryable() {
    return true;
  }
}
