package com.cmp.polling.handlers.base;

/** What a check asks for once it is done. */
public enum CheckOutcome {
  /** Next check after the interval of the card's (re-matched) config. */
  NEXT,
  /** A passing failure (gateway timeout, busy card): again after the short retry delay. */
  RETRY_SOON,
  /** This card no longer needs this check (protect period over): out of this queue. */
  LEAVE
}
