package com.cmp.polling.stopresume.gateway;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
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
import org.springframework.web.util.UriUtils;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link CarrierGateway} over the HTTP API of docs/gateway-api.md, with connect and read timeouts
 * and a deadline for each call as a whole ({@link CallDeadlines}). Failures are sorted into {@link
 * CarrierRejectedException} (do not retry), {@link GatewayUnavailableException} and {@link
 * GatewayResponseException} (retry later).
 *
 * <p>Calls block the calling thread on Apache HttpClient's classic client, over a pool of
 * kept-alive connections. The JDK client did the same work through futures and a selector thread,
 * and was two fifths of the check handlers' CPU at 1 000 checks/s. Close the gateway to close the
 * pool.
 */
public class HttpCarrierGateway implements CarrierGateway, AutoCloseable {

  private static final String CARDS = "/api/v1/carriers/";
  private static final String PACKAGE = "package";
  // Checks of all task types and the stop/resume actions share the pool; connections open on
  // demand, so the bound only matters to a gateway that stops answering.
  private static final int MAX_CONNECTIONS = 512;

  private final String baseUrl;
  private final CloseableHttpClient http;
  private final CallDeadlines deadlines;
  private final JsonMapper json =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  public HttpCarrierGateway(GatewaySettings settings) {
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

  @Override
  public void close() {
    http.close(CloseMode.GRACEFUL);
    deadlines.close();
  }

  @Override
  public boolean isRealNameVerified(CarrierCard card) {
    return call(card, "real-name", "GET", RealNameAnswer.class, RealNameAnswer::verified);
  }

  @Override
  public MonthToDateUsage monthToDateUsage(CarrierCard card) {
    UsageAnswer answer = call(card, "usage", "GET", UsageAnswer.class, a -> a);
    if (answer.monthStart() == null || answer.totalMb() == null) {
      throw malformed(card, "usage", "monthStart and totalMb are required");
    }
    return new MonthToDateUsage(answer.monthStart(), answer.totalMb());
  }

  /**
   * {@inheritDoc} A 404 (no such operation, or a card the carrier's package service does not know)
   * and a 501 mean the gateway cannot answer this query: empty, not an error.
   */
  @Override
  public Optional<CarrierPackageState> packageState(CarrierCard card) {
    Answer response = exchange(card, PACKAGE, "GET");
    if (response.status() == 404 || response.status() == 501) {
      return Optional.empty();
    }
    String state = read(card, PACKAGE, response, PackageAnswer.class, PackageAnswer::state);
    try {
      return Optional.of(CarrierPackageState.fromCode(state));
    } catch (IllegalArgumentException e) {
      throw malformed(card, PACKAGE, e.getMessage());
    }
  }

  @Override
  public boolean isOnline(CarrierCard card) {
    return call(card, "network-status", "GET", NetworkAnswer.class, NetworkAnswer::online);
  }

  @Override
  public void stop(CarrierCard card) {
    expectOnline(card, "stop", false);
  }

  @Override
  public void start(CarrierCard card) {
    expectOnline(card, "start", true);
  }

  private void expectOnline(CarrierCard card, String operation, boolean expected) {
    boolean online = call(card, operation, "POST", NetworkAnswer.class, NetworkAnswer::online);
    if (online != expected) {
      throw malformed(
          card, operation, "the card is " + (online ? "online" : "stopped") + " after it");
    }
  }

  private <A, T> T call(
      CarrierCard card,
      String operation,
      String method,
      Class<A> answerType,
      Function<A, T> field) {
    return read(card, operation, exchange(card, operation, method), answerType, field);
  }

  /** Sends the request and reads the whole answer, whatever its status. */
  private Answer exchange(CarrierCard card, String operation, String method) {
    HttpUriRequestBase request =
        method.equals("GET")
            ? new HttpGet(uri(card, operation))
            : new HttpPost(uri(card, operation));
    request.setHeader(HttpHeaders.ACCEPT, "application/json");
    CallDeadlines.Deadline deadline = deadlines.start(request);
    Answer response;
    try {
      response =
          http.execute(
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
        throw tooLong(card, operation, e);
      }
      if (e instanceof IOException io) {
        throw unreachable(card, operation, io);
      }
      throw (RuntimeException) e;
    } finally {
      deadline.end();
    }
    return response;
  }

  /** The field of a 2xx answer; any other status is classified into its exception. */
  private <A, T> T read(
      CarrierCard card,
      String operation,
      Answer response,
      Class<A> answerType,
      Function<A, T> field) {
    if (response.status() / 100 != 2) {
      throw classify(card, operation, response);
    }
    A answer;
    try {
      answer = json.readValue(response.body(), answerType);
    } catch (JacksonException e) {
      throw new GatewayResponseException(
          describe(card, operation)
              + " failed: the answer is not the documented JSON ("
              + e.getOriginalMessage()
              + ")",
          e);
    }
    T value = answer == null ? null : field.apply(answer);
    if (value == null) {
      throw malformed(card, operation, "the answer lacks the expected field");
    }
    return value;
  }

  /** {@code <base>/api/v1/carriers/{carrierId}/cards/{iccid}/{operation}}, the ICCID encoded. */
  private String uri(CarrierCard card, String operation) {
    return baseUrl
        + CARDS
        + card.carrierId()
        + "/cards/"
        + UriUtils.encodePathSegment(card.iccid(), StandardCharsets.UTF_8)
        + "/"
        + operation;
  }

  private static GatewayUnavailableException unreachable(
      CarrierCard card, String operation, Exception e) {
    return new GatewayUnavailableException(
        describe(card, operation)
            + " failed: gateway unreachable or too slow ("
            + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
            + ")",
        e);
  }

  private GatewayUnavailableException tooLong(CarrierCard card, String operation, Exception e) {
    return new GatewayUnavailableException(
        describe(card, operation)
            + " failed: no complete answer within "
            + deadlines.limit().toMillis()
            + " ms, the call's deadline (the gateway answers too slowly)",
        e);
  }

  private static GatewayException classify(CarrierCard card, String operation, Answer response) {
    int status = response.status();
    String message =
        describe(card, operation)
            + " failed: HTTP "
            + status
            + " "
            + new String(response.body(), StandardCharsets.UTF_8);
    boolean temporary = status == 408 || status == 429 || status >= 500;
    return temporary
        ? new GatewayUnavailableException(message, null)
        : new CarrierRejectedException(message, status, null);
  }

  private static GatewayResponseException malformed(
      CarrierCard card, String operation, String problem) {
    return new GatewayResponseException(describe(card, operation) + " failed: " + problem, null);
  }

  private static String describe(CarrierCard card, String operation) {
    return operation + " of " + card;
  }

  /** An HTTP answer, read whole before its connection goes back to the pool. */
  private record Answer(int status, byte[] body) {}

  record RealNameAnswer(String iccid, Boolean verified) {}

  record UsageAnswer(String iccid, LocalDate monthStart, BigDecimal totalMb) {}

  record NetworkAnswer(String iccid, Boolean online) {}

  record PackageAnswer(String iccid, String state) {}
}
