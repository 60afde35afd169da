package com.cmp.polling.stopresume.action;

import com.cmp.polling.schemas.action.CardAction;

/** Tells downstream consumers about a stop or resume the carrier confirmed. */
public interface CardActionPublisher {

  /**
   * Publishes the action. Must not throw: the action has happened whatever becomes of the message,
   * and tb_stop_resume_log holds it anyway.
   */
  void publish(CardAction action);
}
