package com.cmp.polling.stopresume;

import com.cmp.polling.schemas.action.CardActionType;

/**
 * An operator's stop or resume was carried out at the carrier, but Redis did not take the
 * protection period that goes with it (or the end of the previous one). Asking again is safe.
 */
public class ProtectionNotRecordedException extends RuntimeException {

  public ProtectionNotRecordedException(long cardId, CardActionType done, Throwable cause) {
    super(
        "card "
            + cardId
            + " was "
            + (done == CardActionType.STOP ? "stopped" : "resumed")
            + " at the carrier, but its protection period could not be recorded ("
            + cause.getMessage()
            + "): ask again",
        cause);
  }
}
