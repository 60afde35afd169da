package com.cmp.polling.stopresume.gateway;

import com.cmp.polling.core.card.Card;

/**
 * How the carrier knows a card: its ICCID at its carrier.
 *
 * @param cardId our id, for messages only
 */
public record CarrierCard(long cardId, String iccid, long carrierId) {

  public CarrierCard {
    if (iccid == null || iccid.isBlank()) {
      throw new IllegalArgumentException(
          "card " + cardId + " has no ICCID: the carrier cannot be asked about it");
    }
  }

  /**
   * @throws IllegalArgumentException when the card has no ICCID
   */
  public static CarrierCard of(Card card) {
    return new CarrierCard(card.id(), card.iccid(), card.carrierId());
  }

  @Override
  public String toString() {
    return "card " + cardId + " (ICCID " + iccid + ", carrier " + carrierId + ")";
  }
}
