package com.cmp.polling.stopresume.gateway;

import java.util.Optional;

/** A gateway whose every call first waits for its carrier's rate-limit slot. */
public class RateLimitedCarrierGateway implements CarrierGateway, AutoCloseable {

  private final CarrierGateway delegate;
  private final CarrierRateLimiter limiter;

  public RateLimitedCarrierGateway(CarrierGateway delegate, CarrierRateLimiter limiter) {
    this.delegate = delegate;
    this.limiter = limiter;
  }

  @Override
  public boolean isRealNameVerified(CarrierCard card) {
    limiter.acquire(card.carrierId(), "real-name of " + card);
    return delegate.isRealNameVerified(card);
  }

  @Override
  public MonthToDateUsage monthToDateUsage(CarrierCard card) {
    limiter.acquire(card.carrierId(), "usage of " + card);
    return delegate.monthToDateUsage(card);
  }

  @Override
  public Optional<CarrierPackageState> packageState(CarrierCard card) {
    limiter.acquire(card.carrierId(), "package of " + card);
    return delegate.packageState(card);
  }

  @Override
  public boolean isOnline(CarrierCard card) {
    limiter.acquire(card.carrierId(), "network-status of " + card);
    return delegate.isOnline(card);
  }

  @Override
  public void stop(CarrierCard card) {
    limiter.acquire(card.carrierId(), "stop of " + card);
    delegate.stop(card);
  }

  @Override
  public void start(CarrierCard card) {
    limiter.acquire(card.carrierId(), "start of " + card);
    delegate.start(card);
  }

  /** Closes the gateway it wraps (its connection pool), if it has anything to close. */
  @Override
  public void close() throws Exception {
    if (delegate instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }
}
