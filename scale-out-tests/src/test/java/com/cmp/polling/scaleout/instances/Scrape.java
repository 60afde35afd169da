package com.cmp.polling.scaleout.instances;

import com.cmp.polling.testsupport.app.AppProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** An app process's Prometheus figures, read from its management port. */
final class Scrape {

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private Scrape() {}

  /**
   * The sum of the samples of {@code metric} (its Prometheus name) whose labels contain {@code
   * label} (e.g. {@code task_type="carddata"}), 0 when there is none.
   */
  static double sum(AppProcess app, String metric, String label) {
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + app.managementPort() + "/actuator/prometheus"))
            .timeout(Duration.ofSeconds(5))
            .build();
    String body;
    try {
      body = HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
    } catch (IOException e) {
      throw new IllegalStateException("cannot scrape " + app.log(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    return body.lines()
        .filter(line -> line.startsWith(metric + "{") && line.contains(label))
        .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }
}
