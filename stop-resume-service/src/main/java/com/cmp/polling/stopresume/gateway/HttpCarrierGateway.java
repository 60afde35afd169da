package com.cmp.polling.stopresume.gateway;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.function.Function;
import org.springframework.web.util.UriComponentsBuilder;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link CarrierGateway} over the HTTP API of docs/gateway-api.md, with connect and read timeouts.
 * Failures are sorted into {@link CarrierRejectedException} (do not retry), {@link
 * GatewayUnavailableException} and {@link GatewayResponseException} (retry later).
 *
 * <p>Calls use the JDK client's blocking {@code send}: its {@code sendAsync} (which Spring's JDK
 * request factory uses once a read timeout is set) hands every answer to the common pool's async
 * executor, and on a machine with two cores that executor starts a new thread per call.
 */
public class HttpCarrierGateway implements CarrierGateway {

  private static final String CARD = "/api/v1/carriers/{carrierId}/cards/{iccid}/{operation}";

  private final String baseUrl;
  private final Duration readTimeout;
  private final HttpClient http;
  private final JsonMapper json =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  public HttpCarrierGateway(GatewaySettings settings) {
    this.baseUrl = settings.baseUrl().toString();
    this.readTimeout = settings.readTimeout();
    this.http = HttpClient.newBuilder().connectTimeout(settings.connectTimeout()).build();
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
    HttpRequest request =
        HttpRequest.newBuilder(uri(card, operation))
            .timeout(readTimeout)
            .header("Accept", "application/json")
            .method(method, HttpRequest.BodyPublishers.noBody())
            .build();
    HttpResponse<byte[]> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw unreachable(card, operation, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw unreachable(card, operation, e);
    }
    if (response.statusCode() / 100 != 2) {
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

  private URI uri(CarrierCard card, String operation) {
    return UriComponentsBuilder.fromUriString(baseUrl)
        .path(CARD)
        .buildAndExpand(card.carrierId(), card.iccid(), operation)
        .encode()
        .toUri();
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

  private static GatewayException classify(
      CarrierCard card, String operation, HttpResponse<byte[]> response) {
    int status = response.statusCode();
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

  record RealNameAnswer(String iccid, Boolean verified) {}

  record UsageAnswer(String iccid, LocalDate monthStart, BigDecimal totalMb) {}

  record NetworkAnswer(String iccid, Boolean online) {}
}
