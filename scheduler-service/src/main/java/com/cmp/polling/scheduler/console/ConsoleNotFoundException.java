package com.cmp.polling.scheduler.console;

/** What a console call names does not exist (404). */
public class ConsoleNotFoundException extends RuntimeException {

  public ConsoleNotFoundException(String message) {
    super(message);
  }
}
