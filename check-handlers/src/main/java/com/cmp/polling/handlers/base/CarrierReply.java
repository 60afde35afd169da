package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.stopresume.gateway.CardOutcome;
import com.cmp.polling.stopresume.gateway.CarrierCard;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What the carrier query of a check gave for one card: the carrier's answer, or why there is none
 * (the gateway's failure for that card, or a card the carrier cannot be asked about). The runner
 * settles a failure as it settles a check that threw it.
 */
public record CarrierReply<R>(R value, RuntimeException failure) {

  public static <R> CarrierReply<R> of(R value) {
    return new CarrierReply<>(value, null);
  }

  public static <R> CarrierReply<R> failed(RuntimeException failure) {
    return new CarrierReply<>(null, failure);
  }

  /**
   * Asks the gateway about the cards in one go ({@code call}: one of its forms for many cards), a
   * card without an ICCID failing on its own with the reason.
   *
   * @return each card's reply, in the order of the cards
   */
  public static <R> List<CarrierReply<R>> askAll(
      List<LoadedCard> cards, Function<List<CarrierCard>, List<CardOutcome<R>>> call) {
    return askAll(cards, call, null);
  }

  /**
   * {@link #askAll(List, Function)}, a card without an ICCID answered by {@code unaddressable}
   * instead of failing.
   */
  public static <R> List<CarrierReply<R>> askAll(
      List<LoadedCard> cards,
      Function<List<CarrierCard>, List<CardOutcome<R>>> call,
      Function<LoadedCard, CarrierReply<R>> unaddressable) {
    List<CarrierReply<R>> replies = new ArrayList<>(cards.size());
    List<CarrierCard> asked = new ArrayList<>(cards.size());
    List<Integer> positions = new ArrayList<>(cards.size());
    for (LoadedCard card : cards) {
      try {
        asked.add(CarrierCard.of(card.card()));
        positions.add(replies.size());
        replies.add(null);
      } catch (IllegalArgumentException e) {
        replies.add(unaddressable == null ? failed(e) : unaddressable.apply(card));
      }
    }
    if (asked.isEmpty()) {
      return replies;
    }
    List<CardOutcome<R>> outcomes = call.apply(asked);
    for (int i = 0; i < asked.size(); i++) {
      CardOutcome<R> outcome = outcomes.get(i);
      replies.set(
          positions.get(i), outcome.succeeded() ? of(outcome.value()) : failed(outcome.failure()));
    }
    return replies;
  }
}
