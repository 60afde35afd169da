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
 * Sends a query (GET, harmless to repeat) once more when its pooled connection turned out to be
 * closed by the gateway: the request never reached it. Nothing else is retried here.
 */
final class StaleConnectionRetry implements HttpRequestRetryStrategy {

  @Override
  public boolean retryRequest(
      HttpRequest request, IOException exception, int execCount, HttpContext context) {
    boolean closedUnderUs =
        exception instanceof NoHttpResponseException
            || (exception instanceof SocketException && !(exception instanceof ConnectException));
    return execCount == 1 && closedUnderUs && "GET".equals(request.getMethod());
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
