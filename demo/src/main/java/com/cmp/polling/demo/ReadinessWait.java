package com.cmp.polling.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Waits on an app's readiness probe, {@code /actuator/health/readiness} on its actuator's port, as
 * an orchestrator would: 200 once the app can do its job, 503 before.
 */
final class ReadinessWait {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private ReadinessWait() {}

  static void await(String name, int managementPort, Duration atMost) throws InterruptedException {
    HttpRequest probe =
        HttpRequest.newBuilder(
                URI.create("http://localhost:" + managementPort + "/actuator/health/readiness"))
            .timeout(Duration.ofSeconds(5))
            .build();
    long deadline = System.nanoTime() + atMost.toNanos();
    while (!answersUp(probe)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(name + " not ready within " + atMost);
      }
      TimeUnit.MILLISECONDS.sleep(100);
    }
  }

  private static boolean answersUp(HttpRequest probe) throws InterruptedException {
    try {
      return HTTP.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }
}
