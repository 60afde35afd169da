package com.cmp.polling.operator.web;

/** A server the answer needs (Kafka, Redis, PostgreSQL) did not answer (503). */
public class UnavailableException extends RuntimeException {

  public UnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
