package com.cmp.polling.simulator.errors;

import com.cmp.polling.simulator.behaviour.Rejection;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Turns every failure into the documented error body {@code {"error": ..., "message": ...}}:
 * simulated rejections, bad requests, unknown paths (Spring MVC's own exceptions, with their usual
 * statuses) and bugs.
 */
@RestControllerAdvice
class ErrorAnswers extends ResponseEntityExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(ErrorAnswers.class);

  @ExceptionHandler(Rejection.class)
  ResponseEntity<ErrorBody> rejected(Rejection rejection) {
    ResponseEntity.BodyBuilder answer = ResponseEntity.status(rejection.status());
    rejection
        .retryAfterSeconds()
        .ifPresent(seconds -> answer.header(HttpHeaders.RETRY_AFTER, Long.toString(seconds)));
    return answer.body(new ErrorBody(rejection.error(), rejection.getMessage()));
  }

  /** Values out of range, from the control API. */
  @ExceptionHandler(IllegalArgumentException.class)
  ResponseEntity<ErrorBody> invalid(IllegalArgumentException e) {
    log.info("bad request refused: {}", e.getMessage());
    return ResponseEntity.badRequest().body(new ErrorBody("invalid_request", e.getMessage()));
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<ErrorBody> unexpected(Exception e) {
    log.error("request failed unexpectedly; answering 500", e);
    return ResponseEntity.internalServerError()
        .body(new ErrorBody("internal_error", String.valueOf(e.getMessage())));
  }

  /** Spring MVC's own exceptions keep their status and get our body instead of a ProblemDetail. */
  @Override
  protected ResponseEntity<Object> handleExceptionInternal(
      Exception ex, Object body, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    String message =
        ex instanceof ErrorResponse response && response.getBody().getDetail() != null
            ? response.getBody().getDetail()
            : ex.getMessage();
    return ResponseEntity.status(status)
        .headers(headers)
        .body(new ErrorBody(code(status), message));
  }

  /** {@code not_found}, {@code method_not_allowed}…: the status's name. */
  private static String code(HttpStatusCode status) {
    HttpStatus known = HttpStatus.resolve(status.value());
    return known != null ? known.name().toLowerCase(Locale.ROOT) : "http_" + status.value();
  }
}
