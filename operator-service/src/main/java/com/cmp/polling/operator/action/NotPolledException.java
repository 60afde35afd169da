package com.cmp.polling.operator.action;

import com.cmp.polling.operator.web.ConflictException;

/** A manual check asked for a card (or a task type) that is not polled (409). */
class NotPolledException extends ConflictException {

  NotPolledException(String reason) {
    super(reason);
  }
}
