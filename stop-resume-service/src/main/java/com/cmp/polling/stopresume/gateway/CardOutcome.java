package com.cmp.polling.stopresume.gateway;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What the carrier answered for one card of a call that asked about several: its value, or the
 * failure the card would have got had it been asked alone.
 *
 * @param value the answer; null for a success without one (stop, start)
 * @param failure why the card has no answer; null for a success
 */
public record CardOutcome<T>(T value, GatewayException failure) {

  public CardOutcome {
    if (value != null && failure != null) {
      throw new IllegalArgumentException("a card's outcome is a value or a failure, not both");
    }
  }

  public static <T> CardOutcome<T> of(T value) {
    return new CardOutcome<>(value, null);
  }

  public static <T> CardOutcome<T> failed(GatewayException failure) {
    return new CardOutcome<>(null, Objects.requireNonNull(failure, "failure"));
  }

  public boolean succeeded() {
    return failure == null;
  }

  /**
   * The value.
   *
   * @throws GatewayException the card's failure
   */
  public T get() {
    if (failure != null) {
      throw failure;
    }
    return value;
  }

  /**
   * Asks about each card on its own: {@code single} once per card, its gateway failure kept as that
   * card's outcome. Any other exception is not an answer of the carrier and goes to the caller.
   */
  public static <T> List<CardOutcome<T>> cardByCard(
      List<CarrierCard> cards, Function<CarrierCard, T> single) {
    List<CardOutcome<T>> outcomes = new ArrayList<>(cards.size());
    for (CarrierCard card : cards) {
      try {
        outcomes.add(of(single.apply(card)));
      } catch (GatewayException e) {
        outcomes.add(failed(e));
      }
    }
    return outcomes;
  }

  /** Every card failed alike: a failure of their call as a whole. */
  public static <T> List<CardOutcome<T>> allFailed(int cards, GatewayException failure) {
    return Collections.nCopies(cards, failed(failure));
  }
}
