package com.cmp.polling.testsupport.app;

import com.cmp.polling.embedded.process.AppJvm;
import com.cmp.polling.embedded.process.JvmLauncher;
import com.cmp.polling.testsupport.process.LightJvm;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The module's executable jar ({@code target/*-exec.jar}: failsafe runs after package) run as a
 * process of its own ({@link AppJvm}), so that a test can stop an app the hard way: {@link #kill()}
 * is a SIGKILL, after which nothing of the process runs (its Kafka consumers do not leave their
 * groups, its replication connection is not closed by it).
 */
public final class AppProcess implements AutoCloseable {

  private final AppJvm app;

  private AppProcess(AppJvm app) {
    this.app = app;
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

  /** {@link #start(Path, Map, String)} with further JVM options, after {@link LightJvm#OPTIONS}. */
  public static AppProcess start(
      Path jar, List<String> jvmOptions, Map<String, Object> properties, String logName) {
    JvmLauncher jvm =
        JvmLauncher.executableJar(jar).heap("320m").options(LightJvm.OPTIONS).options(jvmOptions);
    return new AppProcess(
        AppJvm.start(logName, jvm, properties, Paths.get("target", logName + ".log")));
  }

  /** Waits until the app's readiness probe answers UP (it can do its job). */
  public void awaitUp(Duration atMost) {
    app.awaitUp(atMost);
  }

  /** The port of the app's actuator (health, Prometheus) on 127.0.0.1. */
  public int managementPort() {
    return app.managementPort();
  }

  /** Where the app's output goes. */
  public Path log() {
    return app.output();
  }

  /** Whether the process still runs. */
  public boolean isAlive() {
    return app.isAlive();
  }

  /** SIGKILL: the process ends at once, its consumers never leave their groups. */
  public void kill() {
    app.kill();
  }

  /**
   * SIGTERM: Spring closes the app, its consumers leave their groups.
   *
   * @throws IllegalStateException when the app did not end within 60 s (it is killed then)
   */
  public void stop() {
    if (!app.stop()) {
      throw new IllegalStateException(
          "the app did not end within 60 s: " + app.output().toAbsolutePath());
    }
  }

  @Override
  public void close() {
    if (app.isAlive()) {
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
