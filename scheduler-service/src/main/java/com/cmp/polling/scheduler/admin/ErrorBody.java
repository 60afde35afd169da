package com.cmp.polling.scheduler.admin;

import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;

/**
 * Every error answer of the API: {@code {"error":"not_found","message":"card 5 does not exist"}}.
 *
 * @param error the HTTP status as a lower-case code ({@code bad_request}, {@code not_found}, ...)
 * @param message what went wrong, for a person
 */
record ErrorBody(String error, String message) {

  static ErrorBody of(HttpStatusCode status, String message) {
    HttpStatus known = HttpStatus.resolve(status.value());
    String code = known == null ? "http_" + status.value() : known.name().toLowerCase(Locale.ROOT);
    return new ErrorBody(code, message);
  }
}
