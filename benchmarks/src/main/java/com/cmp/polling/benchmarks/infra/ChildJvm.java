package com.cmp.polling.benchmarks.infra;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts another JVM on this same benchmark jar with a different main class (Spring Boot's
 * PropertiesLauncher honours {@code -Dloader.main}): the Kafka broker and Kafka's perf tool run
 * beside the benchmark, not inside it, so they neither share its heap nor its JIT.
 */
public final class ChildJvm {

  private ChildJvm() {}

  public static ProcessBuilder command(String mainClass, String heap, Path log, String... args) {
    return new ProcessBuilder(java(mainClass, heap, List.of(args)))
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
  }

  /**
   * A benchmark command of this jar ({@code java -Xmx<heap> -jar <this jar> <args>}) in a child JVM
   * whose output goes where this JVM's goes.
   */
  public static ProcessBuilder benchmark(String mainClass, String heap, List<String> args) {
    return new ProcessBuilder(java(mainClass, heap, args)).inheritIO();
  }

  /** The benchmark jar this JVM runs from. */
  public static Path jar() {
    String jar = System.getProperty("java.class.path");
    if (jar.contains(File.pathSeparator) || !jar.endsWith(".jar")) {
      throw new IllegalStateException(
          "run the benchmarks with java -jar benchmarks/target/cmp-polling-benchmarks.jar");
    }
    return Path.of(jar);
  }

  private static List<String> java(String mainClass, String heap, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + heap);
    command.add("-Dloader.main=" + mainClass);
    command.add("-jar");
    command.add(jar().toString());
    command.addAll(args);
    return command;
  }

  /** Runs to the end and returns its exit code. */
  public static int run(ProcessBuilder builder) throws IOException, InterruptedException {
    return builder.start().waitFor();
  }
}
