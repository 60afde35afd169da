package com.cmp.polling.stopresume.gateway;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A gateway whose every call first waits for its carrier's rate-limit slot: one slot per call, so a
 * batch call of ten cards costs one slot, not ten. The forms for many cards are cut here into the
 * calls the gateway it wraps will make (per carrier, at most its {@link #batchSize}), each taking
 * its slot before it is sent; when no slot comes in time, every card of that call fails with the
 * limiter's retryable failure.
 */
public class RateLimitedCarrierGateway implements CarrierGateway, AutoCloseable {

  private final CarrierGateway delegate;
  private final CarrierRateLimiter limiter;
  private final ActionBudget actions;

  public RateLimitedCarrierGateway(CarrierGateway delegate, CarrierRateLimiter limiter) {
    this(delegate, limiter, ActionBudget.NONE);
  }

  /**
   * @param actions what stop and start calls spend from their carrier account's budget (the whole
   *     of it: a stop goes through when the regular checks have used their share)
   */
  public RateLimitedCarrierGateway(
      CarrierGateway delegate, CarrierRateLimiter limiter, ActionBudget actions) {
    this.delegate = delegate;
    this.limiter = limiter;
    this.actions = actions;
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
    actions.spend(card.carrierId(), "stop of " + card);
    limiter.acquire(card.carrierId(), "stop of " + card);
    delegate.stop(card);
  }

  @Override
  public void start(CarrierCard card) {
    actions.spend(card.carrierId(), "start of " + card);
    limiter.acquire(card.carrierId(), "start of " + card);
    delegate.start(card);
  }

  @Override
  public int batchSize(long carrierId, CarrierOperation operation) {
    return delegate.batchSize(carrierId, operation);
  }

  @Override
  public List<CardOutcome<Boolean>> isRealNameVerifiedAll(List<CarrierCard> cards) {
    return perCall(cards, CarrierOperation.REAL_NAME, delegate::isRealNameVerifiedAll);
  }

  @Override
  public List<CardOutcome<MonthToDateUsage>> monthToDateUsageAll(List<CarrierCard> cards) {
    return perCall(cards, CarrierOperation.USAGE, delegate::monthToDateUsageAll);
  }

  @Override
  public List<CardOutcome<Optional<CarrierPackageState>>> packageStateAll(List<CarrierCard> cards) {
    return perCall(cards, CarrierOperation.PACKAGE, delegate::packageStateAll);
  }

  @Override
  public List<CardOutcome<Boolean>> isOnlineAll(List<CarrierCard> cards) {
    return perCall(cards, CarrierOperation.NETWORK_STATUS, delegate::isOnlineAll);
  }

  @Override
  public List<CardOutcome<Void>> stopAll(List<CarrierCard> cards) {
    return perCall(cards, CarrierOperation.STOP, delegate::stopAll);
  }

  @Override
  public List<CardOutcome<Void>> startAll(List<CarrierCard> cards) {
    return perCall(cards, CarrierOperation.START, delegate::startAll);
  }

  /** The cards cut into the delegate's calls, each sent once its one slot is taken. */
  private <T> List<CardOutcome<T>> perCall(
      List<CarrierCard> cards,
      CarrierOperation operation,
      Function<List<CarrierCard>, List<CardOutcome<T>>> send) {
    return CallPlan.of(cards, CarrierCard::carrierId, id -> batchSize(id, operation))
        .runInTurn(
            call -> {
              long carrierId = call.get(0).carrierId();
              try {
                if (operation == CarrierOperation.STOP || operation == CarrierOperation.START) {
                  actions.spend(carrierId, operation.wireName() + " of carrier " + carrierId);
                }
                limiter.acquire(
                    carrierId,
                    call.size() == 1
                        ? operation.wireName() + " of " + call.get(0)
                        : operation.wireName()
                            + " of "
                            + call.size()
                            + " cards of carrier "
                            + carrierId);
              } catch (GatewayUnavailableException e) {
                return CardOutcome.allFailed(call.size(), e);
              }
              return send.apply(call);
            });
  }

  /** Closes the gateway it wraps (its connection pool), if it has anything to close. */
  @Override
  public void close() throws Exception {
    if (delegate instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }
}
