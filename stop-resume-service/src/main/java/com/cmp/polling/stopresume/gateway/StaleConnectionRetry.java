package com.cmp.polling.stopresume.gateway;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import org.apache.hc.client5.http.HttpRequestRetryStrategy;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.util.TimeValue;

/**
 * Sends a query (a GET, or the POST of a batch query: harmless to repeat) once more when its pooled
 * connection turned out to be closed by the gateway: the request never reached it. Stop and start,
 * alone or in batches, are never repeated here, nor is anything else.
 */
final class StaleConnectionRetry implements HttpRequestRetryStrategy {

  @Override
  public boolean retryRequest(
      HttpRequest request, IOException exception, int execCount, HttpContext context) {
    boolean closedUnderUs =
        exception instanceof NoHttpResponseException
            || (exception instanceof SocketException && !(exception instanceof ConnectException));
    return execCount == 1 && closedUnderUs && isQuery(request);
  }

  private static boolean isQuery(HttpRequest request) {
    if ("GET".equals(request.getMethod())) {
      return true;
    }
    String path = request.getPath();
    int batch = path == null ? -1 : path.lastIndexOf("/batch/");
    if (!"POST".equals(request.getMethod()) || batch < 0) {
      return false;
    }
    try {
      return CarrierOperation.fromWireName(path.substring(batch + "/batch/".length())).isQuery();
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  @Override
  public boolean retryRequest(HttpResponse response, int execCount, HttpContext context) {
    return false;
  }

  @Override
  public TimeValue getRetryInterval(HttpResponse response, int execCount, HttpContext context) {
    return TimeValue.ZERO_MILLISECONDS;
  }
}
