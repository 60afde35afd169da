package com.cmp.polling.testsupport.app;

import static org.awaitility.Awaitility.await;

import com.cmp.polling.testsupport.net.Ports;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The module's executable jar ({@code target/*-exec.jar}: failsafe runs after package) run as a
 * process of its own, so that a test can stop an app the hard way: {@link #kill()} is a SIGKILL,
 * after which nothing of the process runs (its Kafka consumers do not leave their groups, its
 * replication connection is not closed by it).
 */
public final class AppProcess implements AutoCloseable {

  private final Process process;
  private final int managementPort;
  private final Path log;

  private AppProcess(Process process, int managementPort, Path log) {
    this.process = process;
    this.managementPort = managementPort;
    this.log = log;
  }

  /**
   * Starts the jar with {@code properties} as its command-line arguments; its output goes to {@code
   * target/<logName>.log}.
   */
  public static AppProcess start(Map<String, Object> properties, String logName) {
    return start(executableJar(), properties, logName);
  }

  /**
   * Starts another module's executable jar (e.g. a test module running several apps) with {@code
   * properties} as its command-line arguments; its output goes to {@code target/<logName>.log}.
   */
  public static AppProcess start(Path jar, Map<String, Object> properties, String logName) {
    return start(jar, List.of(), properties, logName);
  }

  /**
   * {@link #start(Path, Map, String)} with further JVM options (e.g. {@code
   * -XX:TieredStopAtLevel=1}, which shortens the start of many processes on few cores).
   */
  public static AppProcess start(
      Path jar, List<String> jvmOptions, Map<String, Object> properties, String logName) {
    int managementPort = Ports.free();
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx320m");
    command.addAll(jvmOptions);
    command.add("-jar");
    command.add(jar.toString());
    // The management port is this class's to choose: given twice on the command line (the
    // infrastructure properties ask for port 0), Spring would read "0,<port>" and refuse to start.
    Map<String, Object> arguments = new LinkedHashMap<>(properties);
    arguments.remove("management.server.port");
    arguments.remove("management.server.address");
    command.addAll(List.of(InfrastructureProperties.asArguments(arguments)));
    command.add("--management.server.port=" + managementPort);
    command.add("--management.server.address=127.0.0.1");
    Path log = Paths.get("target", logName + ".log");
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      return new AppProcess(process, managementPort, log);
    } catch (IOException e) {
      throw new UncheckedIOException("could not start " + command, e);
    }
  }

  /** Waits until the app answers its health endpoint with UP. */
  public void awaitUp(Duration atMost) {
    HttpClient http = HttpClient.newHttpClient();
    HttpRequest health =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + managementPort + "/actuator/health"))
            .timeout(Duration.ofSeconds(2))
            .build();
    await("app up (log: " + log.toAbsolutePath() + ")")
        .atMost(atMost)
        .pollInterval(Duration.ofMillis(100))
        .failFast("the process ended", () -> !process.isAlive())
        .ignoreExceptions()
        .until(
            () -> {
              HttpResponse<String> answer = http.send(health, HttpResponse.BodyHandlers.ofString());
              return answer.statusCode() == 200 && answer.body().contains("\"UP\"");
            });
  }

  /** The port of the app's actuator (health, Prometheus) on 127.0.0.1. */
  public int managementPort() {
    return managementPort;
  }

  /** Where the app's output goes. */
  public Path log() {
    return log;
  }

  /** Whether the process still runs. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /** SIGKILL: the process ends at once, its consumers never leave their groups. */
  public void kill() {
    process.destroyForcibly();
    waitForEnd();
  }

  /** SIGTERM: Spring closes the app, its consumers leave their groups. */
  public void stop() {
    process.destroy();
    waitForEnd();
  }

  private void waitForEnd() {
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("the app did not end within 60 s: " + log.toAbsolutePath());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the app to end", e);
    }
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      stop();
    }
  }

  private static Path executableJar() {
    try (Stream<Path> files = Files.list(Paths.get("target"))) {
      return files
          .filter(file -> file.getFileName().toString().endsWith("-exec.jar"))
          .findFirst()
          .orElseThrow(
              () ->
                  new IllegalStateException(
                      "no *-exec.jar in "
                          + new File("target").getAbsolutePath()
                          + ": run mvn verify (failsafe runs after package)"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
