package com.cmp.polling.listener.topology;

/** A raw change event the topology cannot read; it goes to the raw topic's dead-letter topic. */
class MalformedChangeException extends RuntimeException {

  MalformedChangeException(String message) {
    super(message);
  }
}
