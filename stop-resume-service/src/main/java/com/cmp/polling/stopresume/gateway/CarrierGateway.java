package com.cmp.polling.stopresume.gateway;

import java.util.Optional;

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

  /**
   * The state of the package the card uses now at the carrier.
   *
   * @return empty when the gateway does not offer the query (it answers 404 or 501): the caller
   *     falls back to what it knows locally
   */
  Optional<CarrierPackageState> packageState(CarrierCard card);

  /** Whether the card is online (not stopped) at the carrier. */
  boolean isOnline(CarrierCard card);

  /** Stops (suspends) the card; stopping a stopped card succeeds. */
  void stop(CarrierCard card);

  /** Starts (resumes) the card; starting an online card succeeds. */
  void start(CarrierCard card);
}
