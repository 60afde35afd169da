package com.cmp.polling.benchmarks.steady;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Follows the listener's output for the end of its config re-enrollment pass: the INFO line that
 * polling-core's {@code ConfigReenrollment} writes when a pass has gone through every card. The
 * file is read from where the previous read stopped, so a long run's log is read once.
 */
final class ReenrollmentWatch {

  private static final Pattern DONE =
      Pattern.compile(
          "config re-enrollment done: (\\d+) cards read, (\\d+) re-enrolled, in (\\d+) ms");
  private static final String GAVE_UP = "config re-enrollment gave up";

  /**
   * One pass as the listener reported it.
   *
   * @param took the pass's own time, from its log line
   * @param waited from the config change until the line was seen (the change stream included)
   */
  record Pass(long cardsRead, long reenrolled, Duration took, Duration waited) {}

  private final Path log;
  private long position;
  private String partialLine = "";

  ReenrollmentWatch(Path log) {
    this.log = log;
  }

  /** Skips what the log holds so far: only a pass that ends after this call is awaited. */
  void skipToEnd() throws IOException {
    newLines();
  }

  /**
   * Waits for the next pass to end.
   *
   * @param alive called every second; throws when an app has exited
   */
  Pass awaitPass(Duration timeout, Runnable alive) throws IOException, InterruptedException {
    long started = System.nanoTime();
    long deadline = started + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      alive.run();
      for (String line : newLines().split("\n")) {
        if (line.contains(GAVE_UP)) {
          throw new IllegalStateException("the listener's re-enrollment pass gave up: " + line);
        }
        Matcher done = DONE.matcher(line);
        if (done.find()) {
          return new Pass(
              Long.parseLong(done.group(1)),
              Long.parseLong(done.group(2)),
              Duration.ofMillis(Long.parseLong(done.group(3))),
              Duration.ofNanos(System.nanoTime() - started));
        }
      }
      TimeUnit.SECONDS.sleep(1);
    }
    throw new IllegalStateException(
        "no config re-enrollment pass ended within " + timeout + "; see " + log);
  }

  /** The complete lines written since the previous call. */
  private String newLines() throws IOException {
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
      long length = file.length();
      if (length <= position) {
        return "";
      }
      byte[] bytes = new byte[(int) Math.min(length - position, 64L << 20)];
      file.seek(position);
      file.readFully(bytes);
      position += bytes.length;
      String text = partialLine + new String(bytes, StandardCharsets.UTF_8);
      int lastBreak = text.lastIndexOf('\n');
      partialLine = text.substring(lastBreak + 1);
      return lastBreak < 0 ? "" : text.substring(0, lastBreak);
    }
  }
}
