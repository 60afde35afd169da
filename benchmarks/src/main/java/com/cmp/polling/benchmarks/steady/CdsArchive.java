package com.cmp.polling.benchmarks.steady;

import com.cmp.polling.benchmarks.infra.AppProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A class-data sharing archive of one app (JDK 17's dynamic AppCDS): the app is stopped, started
 * once with {@code -XX:ArchiveClassesAtExit}, awaited until ready and stopped cleanly, which writes
 * the classes it loaded to the archive; the JVM options returned map it at every later start.
 */
final class CdsArchive {

  private CdsArchive() {}

  static PipelineApps.Launch train(
      PipelineApps apps, String label, PipelineApps.Launch launch, Path folder)
      throws IOException, InterruptedException {
    Path archive = folder.resolve(label + ".jsa");
    apps.byLabel().get(label).stop();
    AppProcess training =
        apps.relaunch(
            label,
            (mainClass, heap) ->
                launch.of(mainClass, heap).options(List.of("-XX:ArchiveClassesAtExit=" + archive)),
            "cds-training");
    training.awaitUp(Duration.ofMinutes(3));
    training.stop();
    if (!Files.isRegularFile(archive)) {
      throw new IllegalStateException(
          "no archive written to " + archive + ", see " + training.logFile());
    }
    PipelineApps.Launch mapped =
        (mainClass, heap) ->
            launch.of(mainClass, heap).options(List.of("-XX:SharedArchiveFile=" + archive));
    apps.relaunch(label, mapped, "cds-first").awaitUp(Duration.ofMinutes(3));
    return mapped;
  }
}
