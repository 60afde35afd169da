package com.cmp.polling.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.embedded.process.ChildProcess;
import com.cmp.polling.embedded.process.JvmLauncher;
import com.cmp.polling.testsupport.process.LightJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The demo as a user runs it, in a child JVM: up, checking its cards, then SIGTERM (what Ctrl-C and
 * kill send). It stops the apps before the servers and exits within 10 s, and its whole output has
 * no ERROR line and no WARN about a single card: a healthy run, cards without a package included,
 * is quiet.
 */
class DemoStopIT {

  private static final Duration EXITS_WITHIN = Duration.ofSeconds(10);

  /**
   * The demo's smallest fleet: its cards come round sooner on a busy machine, and its cards without
   * a package are enough to show their checks run quietly.
   */
  private static final int CARDS = 100;

  /** The demo fleet's cards of kind NO_PACKAGE among 100: one card in twenty. */
  private static final int CARDS_WITHOUT_PACKAGE = 5;

  private static final Pattern STOPS_FOR_NO_PACKAGE =
      Pattern.compile("stops +\\d+ \\{[^}]*no_package=(\\d+)");

  @Test
  void aHealthyRun_logsNoErrorAndNoWarningPerCard_andSigtermEndsItWithin10Seconds()
      throws Exception {
    Path output = Files.createTempFile("cmp-demo-stop", ".log");
    ChildProcess demo =
        JvmLauncher.onThisClassPath(DemoCommand.class.getName())
            .heap("1g")
            .options(LightJvm.OPTIONS)
            .start(
                List.of(
                    "--cards",
                    Integer.toString(CARDS),
                    "--progress-every",
                    "1s",
                    "--activity-every",
                    "3s"),
                output);
    try {
      await("the demo running")
          .atMost(Duration.ofMinutes(3))
          .until(() -> demoEnded(demo) || read(output).contains("cmp-polling is running"));
      // The cards without a package stopped for it: their checks (usage without a package to
      // deduct from among them) have run.
      await("the demo's cards without a package stopped")
          .atMost(Duration.ofMinutes(2))
          .until(() -> demoEnded(demo) || noPackageStops(read(output)) >= CARDS_WITHOUT_PACKAGE);

      long signalled = System.nanoTime();
      ProcessHandle.of(demo.pid()).orElseThrow().destroy();
      boolean ended = demo.awaitEnd(EXITS_WITHIN);
      double seconds = (System.nanoTime() - signalled) / 1e9;

      String log = read(output);
      assertThat(ended)
          .as("ended within %s after SIGTERM; output:%n%s", EXITS_WITHIN, log)
          .isTrue();
      assertThat(seconds).isLessThan(EXITS_WITHIN.toSeconds());
      List<String> lines = log.lines().toList();
      assertThat(lines).filteredOn(line -> line.contains(" ERROR ")).isEmpty();
      assertThat(lines)
          .filteredOn(line -> line.contains(" WARN ") && line.matches(".* - card \\d+.*"))
          .isEmpty();
      assertThat(lines).filteredOn(line -> line.startsWith("\tat ")).as("stack traces").isEmpty();
      int apps =
          log.indexOf("stopping: operator activity, progress, apps, then the embedded servers");
      assertThat(apps).isNotNegative();
      assertThat(log.indexOf("stopped", apps)).isPositive();
    } finally {
      demo.kill();
    }
  }

  /** The newest progress report's count of stops for no_package (0 before the first). */
  private static int noPackageStops(String log) {
    Matcher stops = STOPS_FOR_NO_PACKAGE.matcher(log);
    int count = 0;
    while (stops.find()) {
      count = Integer.parseInt(stops.group(1));
    }
    return count;
  }

  private static boolean demoEnded(ChildProcess demo) {
    if (!demo.isAlive()) {
      throw new IllegalStateException("the demo ended with exit code " + demo.exitValue());
    }
    return false;
  }

  private static String read(Path output) throws IOException {
    return Files.readString(output);
  }
}
