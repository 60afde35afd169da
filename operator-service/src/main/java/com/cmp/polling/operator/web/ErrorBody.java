package com.cmp.polling.operator.web;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every error answer of the operator app, API and console alike, whoever raises it (a controller, a
 * filter, the servlet container): {@code {"error":"not_found","message":"card 5 does not exist"}}.
 *
 * @param error the HTTP status as a lower-case code ({@code bad_request}, {@code not_found}, ...)
 * @param message what went wrong, for a person
 */
public record ErrorBody(String error, String message) {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  public static ErrorBody of(HttpStatusCode status, String message) {
    HttpStatus known = HttpStatus.resolve(status.value());
    String code = known == null ? "http_" + status.value() : known.name().toLowerCase(Locale.ROOT);
    return new ErrorBody(code, message);
  }

  /** The body as JSON text. */
  public String json() {
    return JSON.writeValueAsString(this);
  }

  /**
   * Answers with this body where no controller does (a filter refusing a request, the container's
   * own errors).
   */
  public static void write(HttpServletResponse response, int status, String message)
      throws IOException {
    response.setStatus(status);
    response.setContentType(MediaType.APPLICATION_JSON_VALUE);
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.getWriter().write(of(HttpStatusCode.valueOf(status), message).json());
  }
}
