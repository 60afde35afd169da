package com.cmp.polling.stopresume;

/** An operator's action found the card (or its device) locked by another action for too long. */
public class CardBusyException extends RuntimeException {

  public CardBusyException(long cardId, String lockKey) {
    super("card " + cardId + " is busy: " + lockKey + " is held by another stop/resume; try again");
  }
}
