package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.AppProcess;
import com.cmp.polling.handlers.HandlersApplication;
import com.cmp.polling.listener.LifecycleListenerApplication;
import com.cmp.polling.operator.OperatorApplication;
import com.cmp.polling.scheduler.SchedulerApplication;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The apps of the pipeline the steady run measures, each in a JVM of its own with its default
 * settings, given only where the servers are, its ports, the gateway URL and (for an app with an
 * admin API) the token. {@link #APPS} is the one list the run starts, samples (CPU, heap,
 * Prometheus) and stops: an app added there appears in every table of the report. Figures are read
 * from the sum of every app's Prometheus endpoint, so a metric that moves from one app to another
 * is still found.
 */
final class PipelineApps implements AutoCloseable {

  /** The admin API token every app with an admin API is given. */
  static final String TOKEN = "benchmark";

  /**
   * One app of the pipeline.
   *
   * @param name its {@code spring.application.name}
   * @param label how the report's tables name it
   * @param heap its {@code -Xmx}
   * @param settings what it needs beyond the servers (an admin token)
   */
  record App(
      String name, String label, String mainClass, String heap, Map<String, Object> settings) {}

  /**
   * The scheduler with the heap its deployment gives it (a small young generation publishes
   * faster), the operator app (console, admin API, fleet gauges) with the same; the handlers and
   * the listener with 1 GiB (their deployment sizes them from the host's RAM).
   */
  static final List<App> APPS =
      List.of(
          new App(
              "scheduler-service",
              "scheduler",
              SchedulerApplication.class.getName(),
              "512m",
              Map.of()),
          new App(
              "operator-service",
              "operator",
              OperatorApplication.class.getName(),
              "512m",
              Map.of("cmp.polling.operator.admin.token", TOKEN)),
          new App(
              "check-handlers", "handlers", HandlersApplication.class.getName(), "1g", Map.of()),
          new App(
              "lifecycle-listener",
              "listener",
              LifecycleListenerApplication.class.getName(),
              "1g",
              Map.of()));

  private final Map<String, AppProcess> running;

  private PipelineApps(Map<String, AppProcess> running) {
    this.running = running;
  }

  /**
   * Starts every app at once (their start-ups overlap) and returns when all answer health UP.
   *
   * @param servers the servers' addresses and the gateway URL, for every app
   * @param logs the folder of the apps' output files
   */
  static PipelineApps start(Map<String, Object> servers, Path logs)
      throws IOException, InterruptedException {
    Map<String, AppProcess> running = new LinkedHashMap<>();
    PipelineApps apps = new PipelineApps(running);
    try {
      for (App app : APPS) {
        Map<String, Object> settings = new LinkedHashMap<>(servers);
        settings.putAll(app.settings());
        running.put(
            app.label(),
            AppProcess.start(
                app.name(),
                app.mainClass(),
                app.heap(),
                settings,
                logs.resolve(app.name() + ".log")));
      }
      for (AppProcess app : running.values()) {
        app.awaitUp(Duration.ofMinutes(5));
      }
      return apps;
    } catch (IOException | InterruptedException | RuntimeException e) {
      apps.close();
      throw e;
    }
  }

  /** The running apps by label, in the order of {@link #APPS}. */
  Map<String, AppProcess> byLabel() {
    return running;
  }

  /** The app named {@code name} ({@code spring.application.name}). */
  AppProcess named(String name) {
    return running.values().stream()
        .filter(app -> app.name().equals(name))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("no app named " + name + " in the pipeline"));
  }

  AppProcess listener() {
    return named("lifecycle-listener");
  }

  /** Fails when an app has exited: every figure after that would be wrong. */
  void requireAlive() {
    for (AppProcess app : running.values()) {
      if (!app.isAlive()) {
        throw new IllegalStateException(
            app.name() + " exited during the run, see " + app.logFile());
      }
    }
  }

  /** Lets the pipeline run for {@code period}, making sure every second that no app has exited. */
  void await(Duration period) throws InterruptedException {
    long end = System.nanoTime() + period.toNanos();
    while (System.nanoTime() < end) {
      requireAlive();
      TimeUnit.MILLISECONDS.sleep(
          Math.min(1000, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
    }
  }

  /** How the apps ran, for the report: name, heap and where its output is. */
  String describe() {
    List<String> parts = new ArrayList<>();
    for (App app : APPS) {
      parts.add(app.name() + " (-Xmx" + app.heap() + ")");
    }
    return String.join(", ", parts);
  }

  /** Stops the apps in the reverse order of their start. */
  @Override
  public void close() {
    List<AppProcess> apps = new ArrayList<>(running.values());
    for (int i = apps.size() - 1; i >= 0; i--) {
      apps.get(i).close();
    }
  }
}
