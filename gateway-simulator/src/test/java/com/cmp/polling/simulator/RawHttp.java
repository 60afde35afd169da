package com.cmp.polling.simulator;

import com.cmp.polling.simulator.calls.CardOperation;
import java.util.List;
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

  /** One batch call: {@code POST .../batch/{operation}} with the ICCIDs. */
  Answer batch(long carrierId, CardOperation operation, List<String> iccids) {
    return postJson(
        "/api/v1/carriers/{carrierId}/batch/{operation}",
        JSON.writeValueAsString(Map.of("iccids", iccids)),
        carrierId,
        operation.wireName());
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

    /** The entries of a batch answer's {@code results} or {@code failures}, by ICCID. */
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> entries(String list) {
      Map<String, Map<String, Object>> byIccid = new java.util.TreeMap<>();
      for (Object entry : (List<Object>) json().get(list)) {
        Map<String, Object> fields = (Map<String, Object>) entry;
        byIccid.put((String) fields.get("iccid"), fields);
      }
      return byIccid;
    }

    boolean isJson() {
      MediaType type = headers.getContentType();
      return type != null && type.isCompatibleWith(MediaType.APPLICATION_JSON);
    }
  }
}
