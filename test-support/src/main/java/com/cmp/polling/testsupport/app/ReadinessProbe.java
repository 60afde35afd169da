package com.cmp.polling.testsupport.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * An app's readiness probe, {@code GET /actuator/health/readiness} on its actuator's port, asked as
 * an orchestrator asks it: 200 and UP once the app can do its job, 503 and DOWN before.
 */
public final class ReadinessProbe {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  /** One answer: the HTTP status and the body (with the details for a token's holder). */
  public record Answer(int status, String body) {

    public boolean up() {
      return status == 200 && body.contains("\"status\":\"UP\"");
    }

    public boolean down() {
      return status == 503 && body.contains("\"status\":\"DOWN\"");
    }
  }

  private ReadinessProbe() {}

  /** Asks without credentials: the status alone. */
  public static Answer ask(int managementPort) {
    return ask(managementPort, null);
  }

  /** Asks with {@code Authorization: Bearer <token>}, for the details (what it waits for). */
  public static Answer ask(int managementPort, String token) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + managementPort + "/actuator/health/readiness"))
            .timeout(Duration.ofSeconds(10));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    try {
      HttpResponse<String> answer =
          HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Answer(answer.statusCode(), answer.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
