package com.cmp.polling.operator.web;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.apache.tomcat.util.ExceptionUtils;
import org.springframework.http.HttpStatus;

/**
 * Tomcat's error report as an {@link ErrorBody} instead of its HTML page. Tomcat answers some
 * requests itself, before any filter or controller sees them: a path with an encoded slash, a
 * header larger than the connector's limit, a request line it cannot parse. Those would otherwise
 * reach an API client as {@code <html>... HTTP Status 400 – Bad Request}.
 */
public class JsonErrorReportValve extends ErrorReportValve {

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int status = response.getStatus();
    if (status < 400 || response.getContentWritten() > 0) {
      return;
    }
    AtomicBoolean writable = new AtomicBoolean(false);
    response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, writable);
    if (!writable.get()) {
      return;
    }
    try {
      response.setContentType("application/json");
      response.setCharacterEncoding("UTF-8");
      response
          .getWriter()
          .write(ErrorBody.of(HttpStatus.valueOf(status), message(response, status)).json());
      response.finishResponse();
    } catch (IOException | IllegalStateException e) {
      // The client went away, or the response was taken over meanwhile: nothing more to say.
    } catch (Throwable t) {
      ExceptionUtils.handleThrowable(t);
    }
  }

  /** Tomcat's own reason when it gave one ("Invalid URI"), else the status's. */
  private static String message(Response response, int status) {
    String reason = response.getMessage();
    if (reason != null && !reason.isBlank()) {
      return reason;
    }
    HttpStatus known = HttpStatus.resolve(status);
    return known == null ? "HTTP " + status : known.getReasonPhrase();
  }
}
