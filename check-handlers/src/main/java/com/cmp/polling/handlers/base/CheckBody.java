package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.CachedCard;
import com.cmp.polling.schemas.task.CheckTask;

/** The part of a check specific to its task type; the runner does the rest. */
public interface CheckBody {

  /**
   * Checks the card. Gateway failures may be thrown: the runner turns retryable ones into {@link
   * CheckOutcome#RETRY_SOON}.
   *
   * @param card the card as cached: polled, addressable; read it again when its state matters
   */
  CheckOutcome check(CheckTask task, CachedCard card);
}
