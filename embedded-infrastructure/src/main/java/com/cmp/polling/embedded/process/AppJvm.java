package com.cmp.polling.embedded.process;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Spring Boot app of the pipeline in a child JVM: started with its properties as its command
 * line, on a free management port (actuator) of its own, and awaited until it is ready. It can be
 * stopped as an operator would ({@link #stop()}, SIGTERM: Spring closes the app, its consumers
 * leave their groups) or as a crash would ({@link #kill()}, SIGKILL: nothing of it runs on).
 */
public final class AppJvm implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(AppJvm.class);
  private static final Duration STOP_WITHIN = Duration.ofSeconds(60);

  private final String name;
  private final ChildProcess process;
  private final int managementPort;

  private AppJvm(String name, ChildProcess process, int managementPort) {
    this.name = name;
    this.process = process;
    this.managementPort = managementPort;
  }

  /**
   * Starts the app; its output goes to {@code output} (replacing an older file's content).
   *
   * @param properties Spring properties, given as {@code --name=value} arguments
   */
  public static AppJvm start(String name, JvmLauncher jvm, Map<String, ?> properties, Path output) {
    int managementPort = FreePorts.free();
    // The management port is this class's to choose: given twice on the command line (the
    // caller's properties may ask for port 0), Spring would read "0,<port>" and refuse to start.
    Map<String, Object> arguments = new LinkedHashMap<>(properties);
    arguments.remove("management.server.port");
    arguments.remove("management.server.address");
    arguments.put("management.server.port", managementPort);
    arguments.put("management.server.address", "127.0.0.1");
    ChildProcess process = jvm.start(List.of(SpringArguments.of(arguments)), output);
    log.info("{} starting in a child JVM (pid {}), output in {}", name, process.pid(), output);
    return new AppJvm(name, process, managementPort);
  }

  /**
   * Waits until the app's readiness probe ({@code /actuator/health/readiness}) answers UP: its
   * context is up and it can do its job (its slot streams, its consumers have partitions, ...).
   *
   * @throws IllegalStateException when the process ends first, or {@code atMost} passes
   */
  public void awaitUp(Duration atMost) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    HttpRequest health =
        HttpRequest.newBuilder(managementUri("/actuator/health/readiness"))
            .timeout(Duration.ofSeconds(2))
            .build();
    long deadline = System.nanoTime() + atMost.toNanos();
    try {
      // The wait for the process is the pause between questions: it ends early only if the
      // process does.
      while (!process.awaitEnd(Duration.ofMillis(100))) {
        if (answersUp(http, health)) {
          log.info("{} is ready (management port {})", name, managementPort);
          return;
        }
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              name + " not up within " + atMost + " (output: " + output().toAbsolutePath() + ")");
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for " + name, e);
    }
    throw new IllegalStateException(
        name
            + " ended with exit code "
            + process.exitValue()
            + " while starting (output: "
            + output().toAbsolutePath()
            + ")");
  }

  private static boolean answersUp(HttpClient http, HttpRequest health)
      throws InterruptedException {
    try {
      HttpResponse<String> answer = http.send(health, HttpResponse.BodyHandlers.ofString());
      return answer.statusCode() == 200 && answer.body().contains("\"UP\"");
    } catch (IOException notListeningYet) {
      return false;
    }
  }

  /** {@code http://127.0.0.1:<management port><path>} */
  public URI managementUri(String path) {
    return URI.create("http://127.0.0.1:" + managementPort + path);
  }

  public String name() {
    return name;
  }

  /** The port of the app's actuator (health, Prometheus) on 127.0.0.1. */
  public int managementPort() {
    return managementPort;
  }

  /** Where the app's output goes. */
  public Path output() {
    return process.output();
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** SIGKILL: the process ends at once, its consumers never leave their groups. */
  public void kill() {
    process.kill();
  }

  /**
   * SIGTERM: Spring closes the app, its consumers leave their groups; SIGKILL after 60 s.
   *
   * @return true when the app ended within 60 s; false when it had to be killed then
   */
  public boolean stop() {
    boolean ended = process.stop(STOP_WITHIN);
    if (!ended) {
      log.warn("{} did not stop within {}; killed it", name, STOP_WITHIN);
    }
    return ended;
  }

  /** Stops the app if it still runs ({@link #stop()}). */
  @Override
  public void close() {
    if (process.isAlive()) {
      stop();
    }
  }
}
