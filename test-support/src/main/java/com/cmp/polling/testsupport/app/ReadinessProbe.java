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
 * an orchestrator asks it: 200 and UP once the app can do its job, 503 and DOWN before. What it
 * waits for is in the details of {@code /actuator/health} (its {@code readinessState} component),
 * shown to the management token's holder.
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

  /** Asks the probe, without credentials: the status alone. */
  public static Answer ask(int managementPort) {
    return ask(managementPort, null);
  }

  /**
   * {@code GET /actuator/health} with {@code Authorization: Bearer <token>}: every component with
   * its details, the readiness state's {@code waitingFor} among them.
   */
  public static Answer healthWithDetails(int managementPort, String token) {
    return get(managementPort, "/actuator/health", token);
  }

  private static Answer ask(int managementPort, String token) {
    return get(managementPort, "/actuator/health/readiness", token);
  }

  private static Answer get(int managementPort, String path, String token) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + path))
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
