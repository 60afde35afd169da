package com.cmp.polling.stopresume.gateway;

/**
 * The gateway answered 200 with a body that is not the documented JSON. Treated as temporary:
 * nothing was learnt, and stop/start are safe to repeat.
 */
public class GatewayResponseException extends GatewayException {

  public GatewayResponseException(String message, Throwable cause) {
    super(message, cause);
  }

  @Override
  public boolean isRetryable() {
    return true;
  }
}
