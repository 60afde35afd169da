package com.cmp.polling.testsupport.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The calls of Kafka Connect's REST API that a test needs: register a connector, wait until it and
 * its tasks run, read the worker's version, delete the connector. Answers are read as Connect
 * writes them (compact JSON), as the Compose {@code connect-register} script reads them.
 */
public final class ConnectRest {

  private static final Pattern STATE = Pattern.compile("\"state\"\\s*:\\s*\"([A-Z_]+)\"");
  private static final Pattern VERSION = Pattern.compile("\"version\"\\s*:\\s*\"([^\"]+)\"");

  private final URI base;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  ConnectRest(URI base) {
    this.base = base;
  }

  /** e.g. {@code http://127.0.0.1:38083} */
  public URI base() {
    return base;
  }

  /** The Kafka version the worker runs ({@code GET /}). */
  public String version() {
    String body = expect(200, "GET", "/", null);
    Matcher version = VERSION.matcher(body);
    if (!version.find()) {
      throw new IllegalStateException("no version in Connect's answer: " + body);
    }
    return version.group(1);
  }

  /** The version of an installed connector plugin ({@code GET /connector-plugins}). */
  public String pluginVersion(String connectorClass) {
    String body = expect(200, "GET", "/connector-plugins", null);
    Matcher plugin =
        Pattern.compile(
                "\\{\"class\"\\s*:\\s*\""
                    + Pattern.quote(connectorClass)
                    + "\"[^}]*\"version\"\\s*:\\s*\"([^\"]+)\"")
            .matcher(body);
    if (!plugin.find()) {
      throw new IllegalStateException("no plugin " + connectorClass + " in " + body);
    }
    return plugin.group(1);
  }

  /**
   * Registers a connector ({@code POST /connectors}).
   *
   * @param connectorJson {@code {"name": ..., "config": {...}}}
   */
  public void register(String connectorJson) {
    expect(201, "POST", "/connectors", connectorJson);
  }

  /** {@code GET /connectors/<name>/status} as it is. */
  public String status(String connector) {
    return expect(200, "GET", "/connectors/" + connector + "/status", null);
  }

  /** Deletes the connector: its task stops. */
  public void delete(String connector) {
    expect(204, "DELETE", "/connectors/" + connector, null);
  }

  /**
   * Waits until the connector and each of its tasks (one at least) are {@code RUNNING}, asking
   * every 200 ms.
   *
   * @throws IllegalStateException at once when something is {@code FAILED} (with the status and its
   *     trace), or when {@code within} has passed
   */
  public void awaitRunning(String connector, Duration within) {
    AtomicReference<String> last = new AtomicReference<>("(no answer)");
    try {
      Awaitility.await("connector " + connector + " and its tasks running")
          .atMost(within)
          .pollInterval(Duration.ofMillis(200))
          .until(() -> running(connector, last));
    } catch (ConditionTimeoutException e) {
      throw new IllegalStateException(
          "connector " + connector + " not running within " + within + ": " + last.get(), e);
    }
  }

  private boolean running(String connector, AtomicReference<String> last) {
    HttpResponse<String> answer = send("GET", "/connectors/" + connector + "/status", null);
    if (answer.statusCode() != 200) {
      return false; // 404 while the registration spreads through the config topic
    }
    last.set(answer.body());
    List<String> states = STATE.matcher(answer.body()).results().map(m -> m.group(1)).toList();
    if (states.contains("FAILED")) {
      throw new IllegalStateException("connector " + connector + " failed: " + answer.body());
    }
    return states.size() >= 2 && states.stream().allMatch("RUNNING"::equals);
  }

  private String expect(int status, String method, String path, String body) {
    HttpResponse<String> answer = send(method, path, body);
    if (answer.statusCode() != status) {
      throw new IllegalStateException(
          method
              + " "
              + path
              + " answered "
              + answer.statusCode()
              + " (expected "
              + status
              + "): "
              + answer.body());
    }
    return answer.body();
  }

  private HttpResponse<String> send(String method, String path, String body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request
          .header("Content-Type", "application/json")
          .method(method, HttpRequest.BodyPublishers.ofString(body));
    }
    try {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + base.resolve(path) + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during " + method + " " + path, e);
    }
  }
}
