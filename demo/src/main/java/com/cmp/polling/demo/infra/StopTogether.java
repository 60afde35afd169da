package com.cmp.polling.demo.infra;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes several independent things at once, each on a thread of its own, and waits for them up to
 * a deadline. Each is attempted even if another fails; each one's time is logged, so a slow stop
 * names what made it slow. What is still stopping at the deadline is named and left to finish on
 * its own (its thread is a daemon, so it does not hold the JVM up).
 */
public final class StopTogether {

  private static final Logger log = LoggerFactory.getLogger(StopTogether.class);

  private StopTogether() {}

  /**
   * @param what what is being stopped, for the log ("apps", "embedded servers")
   * @param parts name to the thing to close, in the order they are named in the log
   */
  public static void close(String what, Map<String, AutoCloseable> parts, Duration deadline) {
    long started = System.nanoTime();
    Map<String, Long> tookMillis = new ConcurrentHashMap<>();
    Map<String, Thread> stopping = new LinkedHashMap<>();
    parts.forEach(
        (name, part) -> {
          Thread thread =
              new Thread(() -> closeQuietly(name, part, started, tookMillis), "stop " + name);
          thread.setDaemon(true);
          thread.start();
          stopping.put(name, thread);
        });
    long deadlineNanos = started + deadline.toNanos();
    List<String> late = new ArrayList<>();
    for (Map.Entry<String, Thread> entry : stopping.entrySet()) {
      try {
        long leftMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        entry.getValue().join(Math.max(1, leftMillis));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      if (entry.getValue().isAlive()) {
        late.add(entry.getKey());
      }
    }
    long total = (System.nanoTime() - started) / 1_000_000;
    if (late.isEmpty()) {
      log.info("{} stopped in {} ms ({})", what, total, describe(parts, tookMillis));
    } else {
      log.warn(
          "{}: {} still stopping after {} ms, not waited for ({})",
          what,
          late,
          total,
          describe(parts, tookMillis));
    }
  }

  private static String describe(Map<String, AutoCloseable> parts, Map<String, Long> tookMillis) {
    List<String> times = new ArrayList<>();
    for (String name : parts.keySet()) {
      Long took = tookMillis.get(name);
      times.add(name + " " + (took == null ? "-" : took + " ms"));
    }
    return String.join(", ", times);
  }

  private static void closeQuietly(
      String name, AutoCloseable part, long started, Map<String, Long> tookMillis) {
    if (part == null) {
      return;
    }
    try {
      part.close();
    } catch (Exception e) {
      log.warn("{} did not stop cleanly: {}", name, e.getMessage());
    } finally {
      tookMillis.put(name, (System.nanoTime() - started) / 1_000_000);
    }
  }
}
