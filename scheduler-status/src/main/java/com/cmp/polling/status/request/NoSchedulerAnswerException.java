package com.cmp.polling.status.request;

/** No scheduler instance took a request, or the one that took it did not answer in time. */
public class NoSchedulerAnswerException extends RuntimeException {

  NoSchedulerAnswerException(String message) {
    super(message);
  }
}
