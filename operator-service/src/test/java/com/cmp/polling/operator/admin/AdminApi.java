package com.cmp.polling.operator.admin;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A plain HTTP client of the scheduler's API for the tests: any status, body as JSON or text. */
final class AdminApi {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final String baseUrl;
  private final String authorization;

  private AdminApi(String baseUrl, String authorization) {
    this.baseUrl = baseUrl;
    this.authorization = authorization;
  }

  /** Sends {@code Authorization: Bearer <token>}. */
  static AdminApi withToken(String baseUrl, String token) {
    return new AdminApi(baseUrl, "Bearer " + token);
  }

  /** Sends the given Authorization header as it is, or none when null. */
  static AdminApi withAuthorization(String baseUrl, String authorization) {
    return new AdminApi(baseUrl, authorization);
  }

  Reply get(String path) {
    return send(request(path).GET());
  }

  Reply post(String path) {
    return send(request(path).POST(BodyPublishers.noBody()));
  }

  Reply post(String path, String json) {
    return send(json(request(path)).POST(BodyPublishers.ofString(json)));
  }

  Reply patch(String path, String json) {
    return send(json(request(path)).method("PATCH", BodyPublishers.ofString(json)));
  }

  /** A JSON body of {@code size} bytes, with its Content-Length. */
  Reply postOfSize(String path, int size) {
    return send(json(request(path)).POST(BodyPublishers.ofByteArray(paddedJson(size))));
  }

  /** A JSON body of {@code size} bytes, chunked: no Content-Length announces its size. */
  Reply postChunkedOfSize(String path, int size) {
    byte[] body = paddedJson(size);
    return send(
        json(request(path))
            .POST(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))));
  }

  /** {@code {"protectForSeconds": 60}} followed by blanks up to {@code size} bytes: valid JSON. */
  private static byte[] paddedJson(int size) {
    byte[] json = "{\"protectForSeconds\": 60}".getBytes(StandardCharsets.US_ASCII);
    byte[] body = new byte[size];
    Arrays.fill(body, (byte) ' ');
    System.arraycopy(json, 0, body, 0, json.length);
    return body;
  }

  private HttpRequest.Builder request(String path) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(30));
    if (authorization != null) {
      builder.header("Authorization", authorization);
    }
    return builder;
  }

  private static HttpRequest.Builder json(HttpRequest.Builder builder) {
    return builder.header("Content-Type", "application/json");
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

    /** The {@code message} of an error body. */
    String message() {
      return json().path("message").asString();
    }

    /** The {@code error} code of an error body. */
    String error() {
      return json().path("error").asString();
    }
  }
}
