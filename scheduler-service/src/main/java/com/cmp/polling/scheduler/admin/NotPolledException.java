package com.cmp.polling.scheduler.admin;

/** A manual check asked for a card (or a task type) that is not polled (409). */
class NotPolledException extends RuntimeException {

  NotPolledException(String reason) {
    super(reason);
  }
}
