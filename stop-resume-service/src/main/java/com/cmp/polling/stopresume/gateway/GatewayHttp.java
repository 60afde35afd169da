package com.cmp.polling.stopresume.gateway;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * The HTTP side of the gateway shared by its single and batch calls: one pool of kept-alive
 * connections, connect and read timeouts, a deadline per call ({@link CallDeadlines}), the JSON
 * reader, and how a status becomes a failure (docs/gateway-api.md, "Errors").
 *
 * <p>Calls block the calling thread on Apache HttpClient's classic client. The JDK client did the
 * same work through futures and a selector thread, and was two fifths of the check handlers' CPU at
 * 1 000 checks/s.
 */
final class GatewayHttp implements AutoCloseable {

  // Checks of all task types and the stop/resume actions share the pool; connections open on
  // demand, so the bound only matters to a gateway that stops answering.
  private static final int MAX_CONNECTIONS = 512;

  private final String baseUrl;
  private final CloseableHttpClient http;
  private final CallDeadlines deadlines;
  private final JsonMapper json =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  GatewayHttp(GatewaySettings settings) {
    String base = settings.baseUrl().toString();
    this.baseUrl = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    Timeout connect = Timeout.of(settings.connectTimeout());
    Timeout read = Timeout.of(settings.readTimeout());
    this.deadlines = new CallDeadlines(settings.callTimeout());
    this.http =
        HttpClients.custom()
            .setConnectionManager(
                PoolingHttpClientConnectionManagerBuilder.create()
                    .setMaxConnTotal(MAX_CONNECTIONS)
                    .setMaxConnPerRoute(MAX_CONNECTIONS)
                    .setDefaultConnectionConfig(
                        ConnectionConfig.custom()
                            .setConnectTimeout(connect)
                            .setSocketTimeout(read)
                            // A connection idle for a second is checked before it is reused.
                            .setValidateAfterInactivity(TimeValue.ofSeconds(1))
                            .build())
                    .build())
            .setDefaultRequestConfig(
                RequestConfig.custom()
                    .setConnectionRequestTimeout(connect)
                    .setResponseTimeout(read)
                    // No "Upgrade: TLS" header on plain HTTP: some proxies refuse such requests.
                    .setProtocolUpgradeEnabled(false)
                    .build())
            // Failures are classified and retried by the callers, with their own backoff; only a
            // query sent on a connection the gateway had closed meanwhile is sent again at once.
            .setRetryStrategy(new StaleConnectionRetry())
            .disableRedirectHandling()
            .disableCookieManagement()
            .disableAuthCaching()
            .disableContentCompression()
            .build();
  }

  /** {@code <base>/api/v1/carriers/{carrierId}/<rest>}. */
  String carrierUrl(long carrierId, String rest) {
    return baseUrl + "/api/v1/carriers/" + carrierId + "/" + rest;
  }

  JsonMapper json() {
    return json;
  }

  /**
   * Sends the request and reads the whole answer, whatever its status.
   *
   * @param subject what the call is about, for messages: "usage of card 7 (...)"
   * @throws GatewayUnavailableException when no whole answer came: unreachable, a timeout, the
   *     call's deadline
   */
  Answer exchange(HttpUriRequestBase request, String subject) {
    request.setHeader(HttpHeaders.ACCEPT, "application/json");
    CallDeadlines.Deadline deadline = deadlines.start(request);
    try {
      return http.execute(
          request,
          received -> {
            byte[] body =
                received.getEntity() == null
                    ? new byte[0]
                    : EntityUtils.toByteArray(received.getEntity());
            deadline.end();
            return new Answer(received.getCode(), body);
          });
    } catch (IOException | RuntimeException e) {
      // A cancelled request fails with whatever the client was doing: a closed socket, an
      // aborted lease, even an IllegalStateException from an endpoint taken away under it.
      if (deadline.expired()) {
        throw new GatewayUnavailableException(
            subject
                + " failed: no complete answer within "
                + deadlines.limit().toMillis()
                + " ms, the call's deadline (the gateway answers too slowly)",
            e);
      }
      if (e instanceof IOException) {
        throw new GatewayUnavailableException(
            subject
                + " failed: gateway unreachable or too slow ("
                + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                + ")",
            e);
      }
      throw (RuntimeException) e;
    } finally {
      deadline.end();
    }
  }

  /**
   * The JSON of a 2xx answer as {@code type}.
   *
   * @throws GatewayResponseException when it is not that JSON (or is {@code null})
   */
  <A> A parse(String subject, Answer answer, JavaType type) {
    A parsed;
    try {
      parsed = json.readValue(answer.body(), type);
    } catch (JacksonException e) {
      throw new GatewayResponseException(
          subject
              + " failed: the answer is not the documented JSON ("
              + e.getOriginalMessage()
              + ")",
          e);
    }
    if (parsed == null) {
      throw malformed(subject, "the answer lacks the expected field");
    }
    return parsed;
  }

  /**
   * The failure an error status stands for: 408, 429 and 5xx may pass, any other refuses.
   *
   * @param detail what the gateway said about it
   */
  static GatewayException failure(String subject, int status, String detail) {
    String message = subject + " failed: HTTP " + status + " " + detail;
    boolean temporary = status == 408 || status == 429 || status >= 500;
    return temporary
        ? new GatewayUnavailableException(message, null)
        : new CarrierRejectedException(message, status, null);
  }

  static GatewayResponseException malformed(String subject, String problem) {
    return new GatewayResponseException(subject + " failed: " + problem, null);
  }

  @Override
  public void close() {
    http.close(CloseMode.GRACEFUL);
    deadlines.close();
  }

  /** An HTTP answer, read whole before its connection goes back to the pool. */
  record Answer(int status, byte[] body) {

    boolean ok() {
      return status / 100 == 2;
    }

    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }
}
