package com.cmp.polling.benchmarks.infra;

import com.cmp.polling.embedded.process.JvmLauncher;
import java.io.File;
import java.nio.file.Path;

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
