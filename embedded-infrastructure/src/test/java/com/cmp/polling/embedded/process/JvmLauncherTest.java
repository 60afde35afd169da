package com.cmp.polling.embedded.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class JvmLauncherTest {

  @Test
  void bootJarMain_runsTheOtherMainClassThroughThePropertiesLauncher() {
    List<String> command =
        JvmLauncher.bootJarMain(Path.of("bench.jar"), "kafka.Kafka")
            .heap("1g")
            .command(List.of("server.properties"));

    assertThat(command.get(0)).endsWith("java");
    assertThat(command.subList(1, command.size()))
        .containsExactly(
            "-Xmx1g", "-Dloader.main=kafka.Kafka", "-jar", "bench.jar", "server.properties");
  }

  @Test
  void options_comeBeforeTheMainClass_andAddUp() {
    List<String> command =
        JvmLauncher.executableJar(Path.of("app-exec.jar"))
            .options(List.of("-XX:TieredStopAtLevel=1"))
            .options(List.of("-Dx=y"))
            .command(List.of("--server.port=0"));

    assertThat(command.subList(1, command.size()))
        .containsExactly(
            "-Xmx256m",
            "-XX:TieredStopAtLevel=1",
            "-Dx=y",
            "-jar",
            "app-exec.jar",
            "--server.port=0");
  }

  @Test
  void onJarsIn_putsEveryJarOfTheFolderOnTheClassPath() {
    List<String> command =
        JvmLauncher.onJarsIn(Path.of("/opt/connect"), "org.example.Main").command(List.of());

    assertThat(command).containsSequence("-cp", "/opt/connect/*", "org.example.Main");
  }

  @Test
  void onThisClassPath_usesTheClassPathOfThisJvm() {
    List<String> command = JvmLauncher.onThisClassPath("org.example.Main").command(List.of("a"));

    assertThat(command)
        .containsSequence("-cp", System.getProperty("java.class.path"), "org.example.Main", "a");
  }

  @Test
  void springArguments_areNameEqualsValue_inTheMapsOrder() {
    var properties = new java.util.LinkedHashMap<String, Object>();
    properties.put("server.port", 0);
    properties.put("spring.application.name", "scheduler");

    assertThat(SpringArguments.of(properties))
        .containsExactly("--server.port=0", "--spring.application.name=scheduler");
  }
}
