package com.cmp.polling.stopresume;

/** The card does not exist, or is deleted. */
public class CardNotFoundException extends RuntimeException {

  private final long cardId;

  public CardNotFoundException(long cardId) {
    super("card " + cardId + " does not exist (or is deleted)");
    this.cardId = cardId;
  }

  public long cardId() {
    return cardId;
  }
}
