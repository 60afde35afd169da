package com.cmp.polling.operator.web;

/** What a request names does not exist, or is deleted (404). */
public class NotFoundException extends RuntimeException {

  public NotFoundException(String message) {
    super(message);
  }
}
