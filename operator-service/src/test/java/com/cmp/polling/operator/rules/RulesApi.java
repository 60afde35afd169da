package com.cmp.polling.operator.rules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A plain HTTP client of the rules API for the tests: any status, the body as JSON. */
final class RulesApi {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final String baseUrl;
  private final String token;

  RulesApi(String baseUrl, String token) {
    this.baseUrl = baseUrl;
    this.token = token;
  }

  Reply get(String path) {
    return send(request(path).GET());
  }

  Reply put(String path, String json) {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .PUT(BodyPublishers.ofString(json)));
  }

  Reply delete(String path) {
    return send(request(path).DELETE());
  }

  private HttpRequest.Builder request(String path) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(60));
    return token == null ? builder : builder.header("Authorization", "Bearer " + token);
  }

  private static Reply send(HttpRequest.Builder builder) {
    try {
      var response = HTTP.send(builder.build(), BodyHandlers.ofString());
      return new Reply(response.statusCode(), response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A response: status and body. */
  record Reply(int status, String body) {

    JsonNode json() {
      return JSON.readTree(body);
    }

    String message() {
      return json().path("message").asString();
    }
  }
}
