package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.ChildJvm;
import com.cmp.polling.embedded.process.JvmLauncher;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The apps' own executable jars, as each image runs its app ({@code java -jar app.jar}): only its
 * own dependencies and auto-configurations on its class path, where the benchmark jar holds every
 * app's. Unpacked by Spring Boot's jar tools on request (a thin jar over {@code lib/}), the layout
 * class-data sharing can archive.
 */
final class AppJars {

  private static final Map<String, String> MODULE_OF_PACKAGE =
      Map.of(
          "com.cmp.polling.scheduler", "scheduler-service",
          "com.cmp.polling.operator", "operator-service",
          "com.cmp.polling.handlers", "check-handlers",
          "com.cmp.polling.listener", "lifecycle-listener");

  private AppJars() {}

  /**
   * @param repository the checkout whose {@code <module>/target/<module>-*-exec.jar} were built
   * @param extract whether each jar is unpacked once into {@code unpacked/<module>} first
   */
  static PipelineApps.Launch launch(Path repository, boolean extract, Path unpacked) {
    Map<String, Path> jars = new ConcurrentHashMap<>();
    return (mainClass, heap) -> {
      String module = moduleOf(mainClass);
      Path jar = jars.computeIfAbsent(module, m -> jarOf(repository, m, extract, unpacked));
      return JvmLauncher.executableJar(jar).heap(heap);
    };
  }

  private static String moduleOf(String mainClass) {
    String pkg = mainClass.substring(0, mainClass.lastIndexOf('.'));
    String module = MODULE_OF_PACKAGE.get(pkg);
    if (module == null) {
      throw new IllegalArgumentException("no app module for " + mainClass);
    }
    return module;
  }

  private static Path jarOf(Path repository, String module, boolean extract, Path unpacked) {
    Path jar =
        repository.resolve(module).resolve("target").resolve(module + "-0.1.0-SNAPSHOT-exec.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException("no executable jar " + jar + ": build the apps first");
    }
    if (!extract) {
      return jar;
    }
    try {
      return ChildJvm.extract(jar, unpacked.resolve(module));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
