package com.cmp.polling.scheduler.console;

import com.cmp.polling.core.queue.PollingQueueException;
import com.cmp.polling.scheduler.console.deadletter.DeadLettersUnavailableException;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The console's own failures, in the API's error shape ({@code {"error", "message"}}): 404 for what
 * does not exist, 503 when Redis, PostgreSQL or Kafka did not answer. Bad input (400) and the admin
 * actions' refusals are answered by the admin API's handlers, which cover the console too.
 */
@RestControllerAdvice(basePackages = "com.cmp.polling.scheduler.console")
@Order(Ordered.HIGHEST_PRECEDENCE)
class ConsoleErrors {

  private static final Logger log = LoggerFactory.getLogger(ConsoleErrors.class);

  @ExceptionHandler(ConsoleNotFoundException.class)
  ResponseEntity<Error> notFound(ConsoleNotFoundException e) {
    return answer(HttpStatus.NOT_FOUND, e.getMessage());
  }

  @ExceptionHandler({
    PollingQueueException.class,
    DataAccessException.class,
    DeadLettersUnavailableException.class
  })
  ResponseEntity<Error> unavailable(RuntimeException e) {
    log.warn("console call failed, a server did not answer: {}", e.getMessage());
    return answer(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
  }

  private static ResponseEntity<Error> answer(HttpStatus status, String message) {
    return ResponseEntity.status(status)
        .body(new Error(status.name().toLowerCase(Locale.ROOT), message));
  }

  /** The error body, as the admin API writes it. */
  record Error(String error, String message) {}
}
