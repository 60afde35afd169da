package com.cmp.polling.operator.web;

import com.cmp.polling.core.queue.PollingQueueException;
import com.cmp.polling.status.request.NoSchedulerAnswerException;
import com.cmp.polling.stopresume.CardBusyException;
import com.cmp.polling.stopresume.CardNotFoundException;
import com.cmp.polling.stopresume.CarrierActionFailedException;
import com.cmp.polling.stopresume.ProtectionNotRecordedException;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.JacksonException;

/**
 * Turns every failure of the operator app's controllers, API and console alike, into an {@link
 * ErrorBody}: 400 for bad input, 404 for what does not exist, 409 for a busy or unpolled card or a
 * state that forbids the request, 502 when the carrier failed, 503 when Redis, PostgreSQL, Kafka or
 * the schedulers did not answer, 500 (logged, generic message) for anything unexpected. Spring
 * MVC's own errors (bad JSON, wrong method, unknown path, ...) keep their status and get the same
 * body.
 */
@RestControllerAdvice
class ApiErrors extends ResponseEntityExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(ApiErrors.class);

  @ExceptionHandler(IllegalArgumentException.class)
  ResponseEntity<ErrorBody> badRequest(IllegalArgumentException e) {
    return answer(HttpStatus.BAD_REQUEST, e.getMessage());
  }

  @ExceptionHandler({NotFoundException.class, CardNotFoundException.class})
  ResponseEntity<ErrorBody> notFound(RuntimeException e) {
    return answer(HttpStatus.NOT_FOUND, e.getMessage());
  }

  @ExceptionHandler({ConflictException.class, CardBusyException.class})
  ResponseEntity<ErrorBody> conflict(RuntimeException e) {
    return answer(HttpStatus.CONFLICT, e.getMessage());
  }

  @ExceptionHandler(CarrierActionFailedException.class)
  ResponseEntity<ErrorBody> carrierFailed(CarrierActionFailedException e) {
    return answer(HttpStatus.BAD_GATEWAY, e.getMessage());
  }

  /**
   * A server did not answer: Redis (the queues), PostgreSQL, Kafka (dead letters), or no scheduler
   * took a rebuild or reconcile request. The caller may try again.
   */
  @ExceptionHandler({
    UnavailableException.class,
    PollingQueueException.class,
    DataAccessException.class,
    NoSchedulerAnswerException.class
  })
  ResponseEntity<ErrorBody> unavailable(RuntimeException e) {
    log.warn("answered 503, a server did not answer: {}", e.getMessage());
    return answer(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
  }

  /**
   * The carrier acted but Redis failed afterwards. The operator actions answer this themselves
   * (200, {@code protectionRecorded: false}); any other caller gets 500 with the message, which
   * says that the action was carried out, so that nobody repeats it on the strength of an error.
   */
  @ExceptionHandler(ProtectionNotRecordedException.class)
  ResponseEntity<ErrorBody> protectionNotRecorded(ProtectionNotRecordedException e) {
    log.error("{}; answered 500, the action itself stands", e.getMessage(), e);
    return answer(HttpStatus.INTERNAL_SERVER_ERROR, e.getMessage());
  }

  @ExceptionHandler(Exception.class)
  ResponseEntity<ErrorBody> unexpected(Exception e, HttpServletRequest request) {
    log.error(
        "{} {} failed; answered 500, the caller may retry",
        request.getMethod(),
        request.getRequestURI(),
        e);
    return answer(
        HttpStatus.INTERNAL_SERVER_ERROR, "internal error; the operator app's log has the details");
  }

  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    String message =
        e.getMostSpecificCause() instanceof JacksonException json
            ? "request body is not valid: " + json.getOriginalMessage()
            : "request body is missing or not JSON";
    return handleExceptionInternal(e, ErrorBody.of(status, message), headers, status, request);
  }

  @Override
  protected ResponseEntity<Object> handleTypeMismatch(
      TypeMismatchException e, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    String name =
        e instanceof MethodArgumentTypeMismatchException argument
            ? argument.getName()
            : e.getPropertyName();
    Class<?> required = e.getRequiredType();
    String expected =
        required != null && Number.class.isAssignableFrom(wrap(required))
            ? "a number"
            : "of type " + (required == null ? "?" : required.getSimpleName());
    String message = name + " must be " + expected + ", was '" + e.getValue() + "'";
    return handleExceptionInternal(e, ErrorBody.of(status, message), headers, status, request);
  }

  /** Every other Spring MVC error: its status, our body (the problem detail's text). */
  @Override
  protected ResponseEntity<Object> handleExceptionInternal(
      Exception e, Object body, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    if (!(body instanceof ErrorBody)) {
      String message = body instanceof ProblemDetail problem ? problem.getDetail() : null;
      body = ErrorBody.of(status, message != null ? message : e.getMessage());
    }
    if (status.is5xxServerError()) {
      log.error("{} failed; answered {}", request.getDescription(false), status.value(), e);
    }
    return super.handleExceptionInternal(e, body, headers, status, request);
  }

  private static Class<?> wrap(Class<?> type) {
    return type == long.class || type == int.class ? Long.class : type;
  }

  private static ResponseEntity<ErrorBody> answer(HttpStatus status, String message) {
    return ResponseEntity.status(status).body(ErrorBody.of(status, message));
  }
}
