package com.cmp.polling.stopresume.gateway;

/**
 * The carrier gateway: what the carriers know about a card and how to stop or start it. Every
 * method throws a {@link GatewayException} subclass when the carrier does not answer usefully;
 * {@link GatewayException#isRetryable()} tells a refusal from a temporary failure.
 */
public interface CarrierGateway {

  /** Whether the card's real-name verification is complete. */
  boolean isRealNameVerified(CarrierCard card);

  /** The month-to-date data usage. */
  MonthToDateUsage monthToDateUsage(CarrierCard card);

  /** Whether the card is online (not stopped) at the carrier. */
  boolean isOnline(CarrierCard card);

  /** Stops (suspends) the card; stopping a stopped card succeeds. */
  void stop(CarrierCard card);

  /** Starts (resumes) the card; starting an online card succeeds. */
  void start(CarrierCard card);
}
