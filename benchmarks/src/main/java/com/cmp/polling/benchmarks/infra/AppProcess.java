package com.cmp.polling.benchmarks.infra;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An app of the pipeline in a child JVM of its own, started from this jar with {@code
 * -Dloader.main}: its own heap, its own JIT and its own CPU figure, as it runs in production. It
 * gets free API and management ports; the benchmark reads it as an operator would, over HTTP
 * (health, Prometheus metrics, the admin API).
 */
public final class AppProcess implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(AppProcess.class);

  private final String name;
  private final Process process;
  private final int apiPort;
  private final int managementPort;
  private final Path logFile;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private AppProcess(String name, Process process, int apiPort, int managementPort, Path logFile) {
    this.name = name;
    this.process = process;
    this.apiPort = apiPort;
    this.managementPort = managementPort;
    this.logFile = logFile;
  }

  /**
   * Starts {@code mainClass} with {@code properties} (as {@code --name=value}) plus free API and
   * management ports, the management endpoints health and prometheus exposed; output to {@code
   * logFile}.
   */
  public static AppProcess start(
      String name, String mainClass, String heap, Map<String, Object> properties, Path logFile)
      throws IOException {
    int api = BenchmarkKafka.freePort();
    int management = BenchmarkKafka.freePort();
    Map<String, Object> all = new LinkedHashMap<>(properties);
    all.put("server.port", api);
    all.put("management.server.port", management);
    all.put("management.endpoints.web.exposure.include", "health,prometheus");
    all.put("spring.application.name", name);
    Process process = ChildJvm.command(mainClass, heap, logFile, AppArguments.of(all)).start();
    log.info(
        "{} starting in a child JVM (-Xmx{}, pid {}), log {}", name, heap, process.pid(), logFile);
    return new AppProcess(name, process, api, management, logFile);
  }

  /** Waits until the management port answers health UP. */
  public void awaitUp(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(name + " exited during start-up, see " + logFile);
      }
      try {
        if (getManagement("/actuator/health").contains("\"UP\"")) {
          log.info("{} is up (management port {})", name, managementPort);
          return;
        }
      } catch (IOException | RuntimeException notYet) {
        // Still starting.
      }
      TimeUnit.MILLISECONDS.sleep(500);
    }
    throw new IllegalStateException(name + " not up after " + timeout + ", see " + logFile);
  }

  public Prometheus scrape() throws IOException, InterruptedException {
    return Prometheus.parse(getManagement("/actuator/prometheus"));
  }

  /** GET on the API port with a bearer token; the body of a 200 answer. */
  public String getApi(String path, String token) throws IOException, InterruptedException {
    return get(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + apiPort + path))
            .header("Authorization", "Bearer " + token));
  }

  private String getManagement(String path) throws IOException, InterruptedException {
    return get(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + path)));
  }

  private String get(HttpRequest.Builder request) throws IOException, InterruptedException {
    HttpResponse<String> answer =
        http.send(
            request.timeout(Duration.ofSeconds(30)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    if (answer.statusCode() != 200) {
      throw new IOException(name + " answered " + answer.statusCode() + " to " + answer.uri());
    }
    return answer.body();
  }

  /** CPU seconds the JVM has used since it started. */
  public double cpuSeconds() {
    return ProcessCpu.seconds(process.pid(), false);
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public Path logFile() {
    return logFile;
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        log.warn("{} did not stop within 60 s; killing it", name);
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
