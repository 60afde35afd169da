package com.cmp.polling.stopresume.gateway;

import java.util.List;
import java.util.Optional;

/**
 * The carrier gateway: what the carriers know about a card and how to stop or start it. Every
 * single-card method throws a {@link GatewayException} subclass when the carrier does not answer
 * usefully; {@link GatewayException#isRetryable()} tells a refusal from a temporary failure.
 *
 * <p>Each operation also has a form for many cards ({@code ...All}), which answers per card: the
 * value, or the failure that card would have got alone ({@link CardOutcome}), in the order of the
 * cards given. Where a carrier has a batch form of the operation, an implementation may ask up to
 * {@link #batchSize} of its cards in one call; by default every card is asked on its own, so an
 * implementation that knows only single calls keeps working. The cards may be of several carriers.
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

  /**
   * The most cards of the carrier one call of {@code operation} takes: 1 where the carrier has no
   * batch form of it. Callers that group cards into calls themselves use it.
   */
  default int batchSize(long carrierId, CarrierOperation operation) {
    return 1;
  }

  /** {@link #isRealNameVerified} of each card. */
  default List<CardOutcome<Boolean>> isRealNameVerifiedAll(List<CarrierCard> cards) {
    return CardOutcome.cardByCard(cards, this::isRealNameVerified);
  }

  /** {@link #monthToDateUsage} of each card. */
  default List<CardOutcome<MonthToDateUsage>> monthToDateUsageAll(List<CarrierCard> cards) {
    return CardOutcome.cardByCard(cards, this::monthToDateUsage);
  }

  /** {@link #packageState} of each card (empty where the query is not offered). */
  default List<CardOutcome<Optional<CarrierPackageState>>> packageStateAll(
      List<CarrierCard> cards) {
    return CardOutcome.cardByCard(cards, this::packageState);
  }

  /** {@link #isOnline} of each card. */
  default List<CardOutcome<Boolean>> isOnlineAll(List<CarrierCard> cards) {
    return CardOutcome.cardByCard(cards, this::isOnline);
  }

  /** {@link #stop} of each card; a success has no value. */
  default List<CardOutcome<Void>> stopAll(List<CarrierCard> cards) {
    return CardOutcome.cardByCard(
        cards,
        card -> {
          stop(card);
          return null;
        });
  }

  /** {@link #start} of each card; a success has no value. */
  default List<CardOutcome<Void>> startAll(List<CarrierCard> cards) {
    return CardOutcome.cardByCard(
        cards,
        card -> {
          start(card);
          return null;
        });
  }
}
