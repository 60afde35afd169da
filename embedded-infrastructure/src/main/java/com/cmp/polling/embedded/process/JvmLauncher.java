package com.cmp.polling.embedded.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How to start a child JVM: the {@code java} of this JVM, a heap limit, further JVM options and
 * where the main class comes from (this JVM's class path, a folder of jars, an executable jar, or
 * another main class of a Spring Boot jar). A child JVM has a heap, a JIT and a CPU figure of its
 * own, and can be killed as a crash would kill it. Every process it starts is stopped when this JVM
 * ends, so none is left behind.
 */
public final class JvmLauncher {

  private final List<String> launch;
  private final String heap;
  private final List<String> options;

  private JvmLauncher(List<String> launch, String heap, List<String> options) {
    this.launch = List.copyOf(launch);
    this.heap = heap;
    this.options = List.copyOf(options);
  }

  /** {@code mainClass} on this JVM's class path (a test JVM's, with every dependency on it). */
  public static JvmLauncher onThisClassPath(String mainClass) {
    return new JvmLauncher(
        List.of("-cp", System.getProperty("java.class.path"), mainClass), "256m", List.of());
  }

  /**
   * {@code mainClass} on the jars of {@code folder}: for a program that needs library versions of
   * its own (a Kafka Connect worker).
   */
  public static JvmLauncher onJarsIn(Path folder, String mainClass) {
    return new JvmLauncher(
        List.of("-cp", folder.toAbsolutePath() + "/*", mainClass), "256m", List.of());
  }

  /** The main class an executable jar names ({@code java -jar}): an app as it is deployed. */
  public static JvmLauncher executableJar(Path jar) {
    return new JvmLauncher(List.of("-jar", jar.toString()), "256m", List.of());
  }

  /**
   * Another main class of a Spring Boot jar built with the ZIP layout, whose PropertiesLauncher
   * honours {@code -Dloader.main}: one jar runs the benchmarks, the Kafka broker and Kafka's tools.
   */
  public static JvmLauncher bootJarMain(Path jar, String mainClass) {
    return new JvmLauncher(
        List.of("-Dloader.main=" + mainClass, "-jar", jar.toString()), "256m", List.of());
  }

  /** The same with {@code -Xmx<heap>}, e.g. {@code 512m}. */
  public JvmLauncher heap(String heap) {
    return new JvmLauncher(launch, heap, options);
  }

  /** The same with further JVM options, e.g. {@code -XX:TieredStopAtLevel=1}. */
  public JvmLauncher options(List<String> options) {
    List<String> all = new ArrayList<>(this.options);
    all.addAll(options);
    return new JvmLauncher(launch, heap, all);
  }

  /** The whole command line with {@code args} after the main class or jar. */
  public List<String> command(List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx" + heap);
    command.addAll(options);
    command.addAll(launch);
    command.addAll(args);
    return command;
  }

  /** Starts the JVM with its output (stdout and stderr) written to {@code output} afresh. */
  public ChildProcess start(List<String> args, Path output) {
    return launch(redirected(args).redirectOutput(output.toFile()), output);
  }

  /**
   * Starts the JVM with its output appended to {@code output}, after what earlier runs wrote (a
   * restarted Kafka node's log tells both lives).
   */
  public ChildProcess startAppending(List<String> args, Path output) {
    return launch(
        redirected(args).redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile())), output);
  }

  /** Starts the JVM with its output where this JVM's goes. */
  public ChildProcess startInheritingOutput(List<String> args) {
    return launch(new ProcessBuilder(command(args)).inheritIO(), null);
  }

  /** Runs the JVM to its end, its output appended to {@code output}; returns its exit code. */
  public int run(List<String> args, Path output) throws InterruptedException {
    return startAppending(args, output).awaitExit();
  }

  private ProcessBuilder redirected(List<String> args) {
    return new ProcessBuilder(command(args)).redirectErrorStream(true);
  }

  private static ChildProcess launch(ProcessBuilder builder, Path output) {
    try {
      ChildProcess child = new ChildProcess(builder.start(), output);
      ShutdownHooks.closeOnExit("child process " + child.pid(), child);
      return child;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + builder.command(), e);
    }
  }
}
