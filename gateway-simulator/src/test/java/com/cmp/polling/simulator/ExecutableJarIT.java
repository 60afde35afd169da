package com.cmp.polling.simulator;

import static com.cmp.polling.simulator.calls.CardOperation.REAL_NAME;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The repackaged jar runs on its own ({@code java -jar …-exec.jar}); failsafe runs after package.
 */
class ExecutableJarIT {

  private Process process;

  @AfterEach
  void stopProcess() throws InterruptedException {
    if (process != null && process.isAlive()) {
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }

  @Test
  void executableJar_startsTheSimulator_andStopsOnSigterm() throws Exception {
    Path jar = executableJar();
    int port = freePort();
    Path log = Paths.get("target", "executable-jar-it.log");
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    process =
        new ProcessBuilder(
                java,
                "-Xmx256m",
                "-jar",
                jar.toString(),
                "--server.port=" + port,
                "--server.address=127.0.0.1")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    RawHttp http = new RawHttp("http://127.0.0.1:" + port);

    await()
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(250))
        .ignoreExceptions()
        .until(() -> http.get("/sim/health").status() == 200);

    assertThat(http.card(3, "8986001", REAL_NAME).json()).containsEntry("verified", true);
    process.destroy();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("stopped on SIGTERM").isTrue();
  }

  private static Path executableJar() throws IOException {
    try (Stream<Path> files = Files.list(Paths.get("target"))) {
      return files
          .filter(file -> file.getFileName().toString().endsWith("-exec.jar"))
          .findFirst()
          .orElseThrow(
              () ->
                  new AssertionError(
                      "no *-exec.jar in "
                          + new File("target").getAbsolutePath()
                          + ": run mvn verify"));
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
