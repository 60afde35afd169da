package com.cmp.polling.stopresume.gateway;

/** The carrier refused (a 4xx answer other than 408 and 429): asking again will not help. */
public class CarrierRejectedException extends GatewayException {

  private final int status;

  public CarrierRejectedException(String message, int status, Throwable cause) {
    super(message, cause);
    this.status = status;
  }

  public int status() {
    return status;
  }

  @Override
  public boolean isRetryable() {
    return false;
  }
}
