package com.cmp.polling.benchmarks.infra;

import com.cmp.polling.embedded.process.AppJvm;
import com.cmp.polling.embedded.process.FreePorts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An app of the pipeline in a child JVM of its own, started from this jar with {@code
 * -Dloader.main}: its own heap, its own JIT and its own CPU figure, as it runs in production. It
 * gets free API and management ports; the benchmark reads it as an operator would, over HTTP
 * (health, Prometheus metrics, the admin API).
 */
public final class AppProcess implements AutoCloseable {

  private final AppJvm app;
  private final int apiPort;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private AppProcess(AppJvm app, int apiPort) {
    this.app = app;
    this.apiPort = apiPort;
  }

  /**
   * Starts {@code mainClass} with {@code properties} (as {@code --name=value}) plus free API and
   * management ports, the management endpoints health and prometheus exposed; output to {@code
   * logFile}.
   */
  public static AppProcess start(
      String name, String mainClass, String heap, Map<String, Object> properties, Path logFile)
      throws IOException {
    int api = FreePorts.free();
    Map<String, Object> all = new LinkedHashMap<>(properties);
    all.put("server.port", api);
    all.put("management.endpoints.web.exposure.include", "health,prometheus");
    all.put("spring.application.name", name);
    return new AppProcess(AppJvm.start(name, ChildJvm.of(mainClass, heap), all, logFile), api);
  }

  /** Waits until the management port answers health UP. */
  public void awaitUp(Duration timeout) throws InterruptedException {
    app.awaitUp(timeout);
  }

  public Prometheus scrape() throws IOException, InterruptedException {
    return Prometheus.parse(get(HttpRequest.newBuilder(app.managementUri("/actuator/prometheus"))));
  }

  /** GET on the API port with a bearer token; the body of a 200 answer. */
  public String getApi(String path, String token) throws IOException, InterruptedException {
    return get(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + apiPort + path))
            .header("Authorization", "Bearer " + token));
  }

  /**
   * POST without a body on the API port with a bearer token.
   *
   * @return the answer's status code
   */
  public int postApi(String path, String token) throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + apiPort + path))
            .header("Authorization", "Bearer " + token)
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.noBody())
            .build();
    return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  private String get(HttpRequest.Builder request) throws IOException, InterruptedException {
    HttpResponse<String> answer =
        http.send(
            request.timeout(Duration.ofSeconds(30)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    if (answer.statusCode() != 200) {
      throw new IOException(
          app.name() + " answered " + answer.statusCode() + " to " + answer.uri());
    }
    return answer.body();
  }

  /** CPU seconds the JVM has used since it started. */
  public double cpuSeconds() {
    return ProcessCpu.seconds(app.pid(), false);
  }

  public String name() {
    return app.name();
  }

  public boolean isAlive() {
    return app.isAlive();
  }

  public Path logFile() {
    return app.output();
  }

  @Override
  public void close() {
    app.close();
  }
}
