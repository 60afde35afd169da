package com.cmp.polling.stopresume.gateway;

import java.math.BigDecimal;
import java.net.http.HttpClient;
import java.time.LocalDate;
import java.util.function.Function;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;
import org.springframework.web.client.RestClientResponseException;

/**
 * {@link CarrierGateway} over the HTTP API of docs/gateway-api.md, with connect and read timeouts.
 * Failures are sorted into {@link CarrierRejectedException} (do not retry), {@link
 * GatewayUnavailableException} and {@link GatewayResponseException} (retry later).
 */
public class HttpCarrierGateway implements CarrierGateway {

  private static final String CARD = "/api/v1/carriers/{carrierId}/cards/{iccid}";

  private final RestClient client;

  public HttpCarrierGateway(GatewaySettings settings) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(settings.connectTimeout()).build();
    JdkClientHttpRequestFactory requests = new JdkClientHttpRequestFactory(http);
    requests.setReadTimeout(settings.readTimeout());
    this.client =
        RestClient.builder()
            .baseUrl(settings.baseUrl().toString())
            .requestFactory(requests)
            .build();
  }

  @Override
  public boolean isRealNameVerified(CarrierCard card) {
    return call(card, "real-name", HttpMethod.GET, RealNameAnswer.class, RealNameAnswer::verified);
  }

  @Override
  public MonthToDateUsage monthToDateUsage(CarrierCard card) {
    UsageAnswer answer = call(card, "usage", HttpMethod.GET, UsageAnswer.class, a -> a);
    if (answer.monthStart() == null || answer.totalMb() == null) {
      throw malformed(card, "usage", "monthStart and totalMb are required");
    }
    return new MonthToDateUsage(answer.monthStart(), answer.totalMb());
  }

  @Override
  public boolean isOnline(CarrierCard card) {
    return call(card, "network-status", HttpMethod.GET, NetworkAnswer.class, NetworkAnswer::online);
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
    boolean online =
        call(card, operation, HttpMethod.POST, NetworkAnswer.class, NetworkAnswer::online);
    if (online != expected) {
      throw malformed(
          card, operation, "the card is " + (online ? "online" : "stopped") + " after it");
    }
  }

  private <A, T> T call(
      CarrierCard card,
      String operation,
      HttpMethod method,
      Class<A> answerType,
      Function<A, T> field) {
    A answer;
    try {
      answer =
          client
              .method(method)
              .uri(CARD + "/" + operation, card.carrierId(), card.iccid())
              .retrieve()
              .body(answerType);
    } catch (RestClientResponseException e) {
      throw classify(card, operation, e);
    } catch (ResourceAccessException e) {
      throw new GatewayUnavailableException(
          describe(card, operation)
              + " failed: gateway unreachable or too slow ("
              + e.getMessage()
              + ")",
          e);
    } catch (RestClientException e) {
      throw new GatewayResponseException(
          describe(card, operation)
              + " failed: the answer is not the documented JSON ("
              + e.getMessage()
              + ")",
          e);
    }
    T value = answer == null ? null : field.apply(answer);
    if (value == null) {
      throw malformed(card, operation, "the answer lacks the expected field");
    }
    return value;
  }

  private static GatewayException classify(
      CarrierCard card, String operation, RestClientResponseException e) {
    int status = e.getStatusCode().value();
    String message =
        describe(card, operation) + " failed: HTTP " + status + " " + e.getResponseBodyAsString();
    boolean temporary = status == 408 || status == 429 || status >= 500;
    return temporary
        ? new GatewayUnavailableException(message, e)
        : new CarrierRejectedException(message, status, e);
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
