package com.cmp.polling.operator.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The servlet container's error page ({@code /error}), which answers an error a filter or the
 * container raised with {@code sendError} or an exception outside any controller: the API's body,
 * in place of Spring Boot's own error JSON. A 5xx says no more than that it happened (the log has
 * the rest).
 */
@RestController
class ErrorPageController implements ErrorController {

  @RequestMapping("${server.error.path:/error}")
  ResponseEntity<ErrorBody> error(HttpServletRequest request) {
    Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    HttpStatus status =
        code instanceof Integer value && HttpStatus.resolve(value) != null
            ? HttpStatus.valueOf(value)
            : HttpStatus.INTERNAL_SERVER_ERROR;
    Object message = request.getAttribute(RequestDispatcher.ERROR_MESSAGE);
    String text =
        status.is5xxServerError() || !(message instanceof String given) || given.isBlank()
            ? status.getReasonPhrase()
            : given;
    return ResponseEntity.status(status).body(ErrorBody.of(status, text));
  }
}
