package com.cmp.polling.demo.progress;

import com.cmp.polling.core.concurrent.DaemonThreads;
import com.cmp.polling.demo.PipelineApps;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Duration;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prints the state of the pipeline every few seconds: initializer, tasks published and handled per
 * type (with the rate since the last line), stops and resumes with their reasons, lifecycle events
 * from the change stream, queue depths and the overdue backlog.
 */
public final class ProgressReporter implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger("com.cmp.polling.demo.progress");

  private final PipelineApps apps;
  private final LifecycleEventCounter events;
  private final long startedNanos = System.nanoTime();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("demo-progress"));
  private PipelineStatus previous;
  private long previousNanos = startedNanos;

  public ProgressReporter(PipelineApps apps, LifecycleEventCounter events) {
    this.apps = apps;
    this.events = events;
  }

  public void start(Duration every) {
    timer.scheduleAtFixedRate(
        this::reportQuietly, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void reportQuietly() {
    try {
      report();
    } catch (RuntimeException e) {
      // An app may be stopping: one missed line is not worth ending the demo for.
      log.warn("progress not readable this time: {}", e.getMessage());
    }
  }

  private synchronized void report() {
    PipelineStatus now = PipelineStatus.read(apps, events);
    long nanos = System.nanoTime();
    double seconds = Math.max((nanos - previousNanos) / 1e9, 0.001);
    long elapsed = Duration.ofNanos(nanos - startedNanos).toSeconds();
    StringBuilder text = new StringBuilder();
    text.append(String.format("── %d s ──%n", elapsed));
    text.append(
        String.format(
            "  initializer  %s%n",
            now.initCompleted()
                ? "done, " + now.initProcessed() + " cards read"
                : now.initProcessed() + " / " + now.initTotal() + " cards"));
    text.append(
        String.format(
            "  published    %s%n",
            perType(now.published(), previous == null ? null : previous.published(), seconds)));
    text.append(
        String.format(
            "  handled      %s%n",
            perType(now.handled(), previous == null ? null : previous.handled(), seconds)));
    text.append(String.format("  retried      %s%n", plain(now.retried())));
    text.append(
        String.format(
            "  stops        %d %s   resumes %d %s%n",
            PipelineStatus.total(now.stops()),
            now.stops(),
            PipelineStatus.total(now.resumes()),
            now.resumes()));
    text.append(String.format("  CDC events   %s%n", now.lifecycleEvents()));
    text.append(String.format("  queued       %s%n", plain(now.depth())));
    text.append(String.format("  overdue      %s", plain(now.overdue())));
    log.info("\n{}", text);
    previous = now;
    previousNanos = nanos;
  }

  private static String perType(
      Map<TaskType, Long> now, Map<TaskType, Long> before, double seconds) {
    StringJoiner line = new StringJoiner("   ");
    for (TaskType type : TaskType.values()) {
      long value = now.get(type);
      long rate = before == null ? 0 : Math.round((value - before.get(type)) / seconds);
      line.add(String.format("%s %d (%d/s)", type.code(), value, rate));
    }
    return line.toString();
  }

  private static String plain(Map<TaskType, Long> values) {
    StringJoiner line = new StringJoiner("   ");
    values.forEach((type, value) -> line.add(type.code() + " " + value));
    return line.toString();
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
