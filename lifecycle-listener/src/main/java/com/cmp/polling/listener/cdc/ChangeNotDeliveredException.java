package com.cmp.polling.listener.cdc;

/** Kafka did not acknowledge a change event: the engine stops and starts again from its offset. */
class ChangeNotDeliveredException extends RuntimeException {

  ChangeNotDeliveredException(String message, Throwable cause) {
    super(message, cause);
  }
}
