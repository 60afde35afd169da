package com.cmp.polling.operator.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A browser-like HTTP client of the console for API tests: keeps its cookies, follows no redirect
 * (the tests look at them), sends the CSRF header once it has the session's token.
 */
public final class ConsoleClient {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final String baseUrl;
  private final HttpClient http;
  private String csrf;

  public ConsoleClient(String baseUrl) {
    this.baseUrl = baseUrl;
    this.http =
        HttpClient.newBuilder()
            .cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
  }

  /** Posts the login form; on success reads the session's CSRF token. */
  public Reply logIn(String token) {
    Reply reply =
        send(
            request("/console/login")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(
                    BodyPublishers.ofString(
                        "token=" + URLEncoder.encode(token, StandardCharsets.UTF_8))));
    if (reply.status() == 303 && !reply.location().contains("error")) {
      csrf = get("/console/api/session").json().path("csrfToken").asString();
    }
    return reply;
  }

  public Reply get(String path) {
    return send(request(path).GET());
  }

  /** A POST with the session's CSRF header (when logged in). */
  public Reply post(String path, String json) {
    HttpRequest.Builder builder =
        request(path)
            .header("Content-Type", "application/json")
            .POST(BodyPublishers.ofString(json));
    if (csrf != null) {
      builder.header("X-Console-Csrf", csrf);
    }
    return send(builder);
  }

  /** A POST without the CSRF header, as another site's form would send it. */
  Reply postWithoutCsrf(String path, String json) {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .POST(BodyPublishers.ofString(json)));
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(30));
  }

  private Reply send(HttpRequest.Builder builder) {
    try {
      HttpResponse<String> response = http.send(builder.build(), BodyHandlers.ofString());
      return new Reply(response.statusCode(), response.body(), response);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public record Reply(int status, String body, HttpResponse<String> response) {

    public JsonNode json() {
      return JSON.readTree(body);
    }

    public String message() {
      return json().path("message").asString();
    }

    String location() {
      return response.headers().firstValue("Location").orElse("");
    }

    String header(String name) {
      return response.headers().firstValue(name).orElse("");
    }
  }
}
