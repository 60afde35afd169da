package com.cmp.polling.simulator.errors;

/**
 * The body of every error answer.
 *
 * @param error a short code, such as {@code rate_limited} or {@code not_found}
 * @param message what happened
 */
public record ErrorBody(String error, String message) {}
