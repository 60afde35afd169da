package com.cmp.polling.operator.web;

/** The request cannot be carried out in the state things are in (409). */
public class ConflictException extends RuntimeException {

  public ConflictException(String message) {
    super(message);
  }
}
