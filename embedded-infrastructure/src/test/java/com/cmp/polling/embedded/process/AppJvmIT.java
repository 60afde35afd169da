package com.cmp.polling.embedded.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppJvmIT {

  private static final JvmLauncher HEALTH_APP =
      JvmLauncher.onThisClassPath(HealthEndpointMain.class.getName()).heap("64m");

  @TempDir Path folder;

  @Test
  void awaitUp_returnsOnceTheAppAnswersUp_onTheManagementPortChosenForIt() {
    try (AppJvm app =
        AppJvm.start(
            "health-app",
            HEALTH_APP,
            Map.of("management.server.port", 0),
            folder.resolve("app.log"))) {

      app.awaitUp(Duration.ofSeconds(60));

      assertThat(app.managementPort()).isPositive();
      assertThat(app.isAlive()).isTrue();
    }
  }

  @Test
  void awaitUp_failsAtOnce_whenTheAppEnds_namingItsExitCodeAndOutput() {
    Path output = folder.resolve("failing.log");
    try (AppJvm app = AppJvm.start("failing-app", HEALTH_APP, Map.of("exit-code", 3), output)) {

      assertThatThrownBy(() -> app.awaitUp(Duration.ofSeconds(60)))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("exit code 3")
          .hasMessageContaining(output.toAbsolutePath().toString());
    }
  }

  @Test
  void stop_endsTheAppWithSigterm_andKill_endsAnotherAtOnce() {
    AppJvm stopped = AppJvm.start("stopped", HEALTH_APP, Map.of(), folder.resolve("a.log"));
    AppJvm killed = AppJvm.start("killed", HEALTH_APP, Map.of(), folder.resolve("b.log"));
    stopped.awaitUp(Duration.ofSeconds(60));
    killed.awaitUp(Duration.ofSeconds(60));

    assertThat(stopped.stop()).isTrue();
    killed.kill();

    assertThat(stopped.isAlive()).isFalse();
    assertThat(killed.isAlive()).isFalse();
  }

  @Test
  void run_returnsTheChildsExitCode_andAppendsItsOutput() throws Exception {
    Path output = folder.resolve("run.log");
    Files.writeString(output, "earlier run\n");

    int exit = HEALTH_APP.run(java.util.List.of("--exit-code=7"), output);

    assertThat(exit).isEqualTo(7);
    assertThat(Files.readString(output)).startsWith("earlier run\n");
  }
}
