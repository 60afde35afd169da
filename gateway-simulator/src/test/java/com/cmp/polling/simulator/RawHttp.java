package com.cmp.polling.simulator;

import com.cmp.polling.simulator.calls.CardOperation;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.json.JsonMapper;

/** Plain HTTP calls to a simulator that keep every answer whole, error answers included. */
final class RawHttp {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final RestClient client;

  RawHttp(String baseUrl) {
    this.client =
        RestClient.builder()
            .baseUrl(baseUrl)
            .defaultStatusHandler(status -> true, (request, response) -> {})
            .build();
  }

  /** One card operation, with the HTTP method the API gives it. */
  Answer card(long carrierId, String iccid, CardOperation operation) {
    HttpMethod method =
        operation == CardOperation.STOP || operation == CardOperation.START
            ? HttpMethod.POST
            : HttpMethod.GET;
    return answer(
        client
            .method(method)
            .uri(
                "/api/v1/carriers/{carrierId}/cards/{iccid}/{operation}",
                carrierId,
                iccid,
                operation.wireName())
            .retrieve()
            .toEntity(String.class));
  }

  Answer get(String uri, Object... variables) {
    return answer(client.get().uri(uri, variables).retrieve().toEntity(String.class));
  }

  Answer post(String uri, Object... variables) {
    return answer(client.post().uri(uri, variables).retrieve().toEntity(String.class));
  }

  Answer postJson(String uri, String json, Object... variables) {
    return answer(
        client
            .post()
            .uri(uri, variables)
            .contentType(MediaType.APPLICATION_JSON)
            .body(json)
            .retrieve()
            .toEntity(String.class));
  }

  Answer putJson(String uri, String json, Object... variables) {
    return answer(
        client
            .put()
            .uri(uri, variables)
            .contentType(MediaType.APPLICATION_JSON)
            .body(json)
            .retrieve()
            .toEntity(String.class));
  }

  private static Answer answer(ResponseEntity<String> entity) {
    return new Answer(entity.getStatusCode().value(), entity.getHeaders(), entity.getBody());
  }

  /** An HTTP answer; {@code body} is null when there is none. */
  record Answer(int status, HttpHeaders headers, String body) {

    @SuppressWarnings("unchecked")
    Map<String, Object> json() {
      return JSON.readValue(body, Map.class);
    }

    boolean isJson() {
      MediaType type = headers.getContentType();
      return type != null && type.isCompatibleWith(MediaType.APPLICATION_JSON);
    }
  }
}
