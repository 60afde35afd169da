package com.cmp.polling.embedded.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A process this JVM started ({@link JvmLauncher}), with the file its output goes to. It ends the
 * way a test or benchmark needs: as an operator stops it ({@link #stop}, SIGTERM, then SIGKILL
 * after a grace period) or as a crash would ({@link #kill()}, SIGKILL). {@link #close()} stops it
 * with a short grace period; it runs when this JVM ends, so that no child outlives it.
 */
public final class ChildProcess implements AutoCloseable {

  private static final Duration KILL_WITHIN = Duration.ofSeconds(30);
  private static final Duration CLOSE_GRACE = Duration.ofSeconds(10);

  private final Process process;
  private final Path output;

  ChildProcess(Process process, Path output) {
    this.process = process;
    this.output = output;
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Where the process's output (stdout and stderr) goes; null when it goes where this JVM's goes.
   */
  public Path output() {
    return output;
  }

  /** Waits as long as it takes for the process to end; returns its exit code. */
  public int awaitExit() throws InterruptedException {
    return process.waitFor();
  }

  /**
   * Waits up to {@code within} for the process to end: the pause of a caller that polls something
   * the process serves, cut short only if the process ends.
   *
   * @return true when it has ended
   */
  public boolean awaitEnd(Duration within) throws InterruptedException {
    return process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** The exit code of a process that has ended. */
  public int exitValue() {
    return process.exitValue();
  }

  /**
   * SIGKILL, as a crash would end it (no shutdown hook of it runs), and waits until it is gone.
   *
   * @throws IllegalStateException when it is still there after 30 s
   */
  public void kill() {
    process.destroyForcibly();
    try {
      if (!awaitEnd(KILL_WITHIN)) {
        throw new IllegalStateException("process " + pid() + " did not die within " + KILL_WITHIN);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * SIGTERM: a JVM runs its shutdown hooks (Spring closes its context, Kafka Connect leaves its
   * group); after {@code grace}, SIGKILL.
   *
   * @return true when it ended by itself within {@code grace}
   */
  public boolean stop(Duration grace) {
    if (!process.isAlive()) {
      return true;
    }
    process.destroy();
    try {
      if (awaitEnd(grace)) {
        return true;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    kill();
    return false;
  }

  /** {@link #stop} with 10 s of grace. */
  @Override
  public void close() {
    stop(CLOSE_GRACE);
  }

  /** The last {@code lines} lines of its output, for failure messages. */
  public String outputTail(int lines) {
    return output == null ? "(output not captured)" : tail(output, lines);
  }

  /** The last {@code lines} lines of {@code file}, or why there are none. */
  public static String tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no output: " + e + ")";
    }
  }
}
