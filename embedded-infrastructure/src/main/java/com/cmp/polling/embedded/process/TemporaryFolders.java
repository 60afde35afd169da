package com.cmp.polling.embedded.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The throw-away folders of local servers: a Kafka node's data, a Redis Cluster's node files. */
public final class TemporaryFolders {

  private static final Logger log = LoggerFactory.getLogger(TemporaryFolders.class);

  private TemporaryFolders() {}

  /** A new empty folder in the system's temporary folder, its name starting with {@code prefix}. */
  public static Path create(String prefix) {
    try {
      return Files.createTempDirectory(prefix);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary folder " + prefix + "*", e);
    }
  }

  /**
   * Deletes {@code folder} and everything in it; what cannot be deleted is logged and left (a
   * server that still holds a file must not fail its caller's clean-up).
   */
  public static void delete(Path folder) {
    if (!Files.exists(folder)) {
      return;
    }
    try (Stream<Path> files = Files.walk(folder)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      log.warn("could not delete {}: {}", folder, e.toString());
    }
  }
}
