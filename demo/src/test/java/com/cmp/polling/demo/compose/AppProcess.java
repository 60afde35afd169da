package com.cmp.polling.demo.compose;

import com.cmp.polling.testsupport.process.LightJvm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An app's executable jar running as a child process the way the image's entry point runs it
 * ({@code java $JAVA_OPTS -jar app.jar}), with exactly the given environment and nothing inherited
 * from the test's, its output in a log file.
 */
final class AppProcess implements AutoCloseable {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final String name;
  private final Process process;
  private final Path log;

  private AppProcess(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  /**
   * @param workingDirectory the process's current directory (the image's /app)
   */
  static AppProcess start(
      String name, Path jar, Map<String, String> environment, Path workingDirectory, Path log) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // Lighter starts on a test machine (LightJvm says why); the image's JAVA_OPTS come after them.
    command.addAll(LightJvm.OPTIONS);
    String javaOpts = environment.getOrDefault("JAVA_OPTS", "").strip();
    if (!javaOpts.isEmpty()) {
      command.addAll(Arrays.asList(javaOpts.split("\\s+")));
    }
    command.add("-jar");
    command.add(jar.toString());
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(workingDirectory.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    builder.environment().clear();
    builder.environment().putAll(environment);
    try {
      return new AppProcess(name, builder.start(), log);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + name + ": " + command, e);
    }
  }

  /**
   * Whether {@code url} answers 200 with status UP.
   *
   * @throws IllegalStateException when the process has ended: it will never be healthy
   */
  boolean healthy(URI url) {
    if (!process.isAlive()) {
      throw new IllegalStateException(
          name + " exited with code " + process.exitValue() + "; its log ends with:\n" + logTail());
    }
    try {
      var response =
          HTTP.send(
              HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(5)).GET().build(),
              BodyHandlers.ofString());
      return response.statusCode() == 200 && response.body().contains("\"status\":\"UP\"");
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The last lines of the app's output, for failure messages. */
  String logTail() {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  String name() {
    return name;
  }

  /**
   * Stops the apps together, as "docker compose stop" does: SIGTERM to each, then a wait for each
   * (and a kill after 20 s), so that their clean stops overlap rather than add up.
   */
  static void closeAll(List<AppProcess> apps) {
    apps.forEach(app -> app.process.destroy());
    apps.forEach(AppProcess::close);
  }

  /** SIGTERM (Spring shuts down cleanly, as on "docker compose stop"), then a kill after 20 s. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
