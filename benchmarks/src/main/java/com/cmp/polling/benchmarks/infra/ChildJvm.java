package com.cmp.polling.benchmarks.infra;

import com.cmp.polling.embedded.process.JvmLauncher;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Another JVM on this same benchmark jar with a different main class (Spring Boot's
 * PropertiesLauncher honours {@code -Dloader.main}): the Kafka broker, Kafka's perf tools and the
 * apps under measurement run beside the benchmark, not inside it, so they neither share its heap
 * nor its JIT.
 */
public final class ChildJvm {

  private ChildJvm() {}

  /** {@code java -Xmx<heap> -Dloader.main=<mainClass> -jar <this jar>}. */
  public static JvmLauncher of(String mainClass, String heap) {
    return JvmLauncher.bootJarMain(jar(), mainClass).heap(heap);
  }

  /**
   * {@code java -Xmx<heap> -cp <lib>/* <mainClass>}: on the jars {@link #extract} wrote, each class
   * from a plain jar on the class path as a deployment built from the Maven jars runs it (the
   * launcher's nested jars are not archivable by class-data sharing, these are).
   */
  public static JvmLauncher extracted(Path lib, String mainClass, String heap) {
    return JvmLauncher.onJarsIn(lib, mainClass).heap(heap);
  }

  /**
   * Unpacks this benchmark jar with Spring Boot's jar tools into {@code destination}; returns the
   * folder of its jars ({@code lib}).
   */
  public static Path extract(Path destination) throws IOException, InterruptedException {
    return extract(jar(), destination).getParent().resolve("lib");
  }

  /**
   * Unpacks an executable Spring Boot jar with its jar tools into {@code destination}: a thin jar
   * of the same name whose manifest puts {@code lib/*.jar} on the class path; returns that jar.
   */
  public static Path extract(Path bootJar, Path destination)
      throws IOException, InterruptedException {
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Djarmode=tools",
            "-jar",
            bootJar.toString(),
            "extract",
            "--destination",
            destination.toString());
    Process process = new ProcessBuilder(command).inheritIO().start();
    if (process.waitFor() != 0) {
      throw new IOException("extracting " + bootJar + " failed: " + command);
    }
    return destination.resolve(bootJar.getFileName());
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
}
