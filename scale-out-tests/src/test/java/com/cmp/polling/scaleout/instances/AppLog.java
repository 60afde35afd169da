package com.cmp.polling.scaleout.instances;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/** The lines of an app process's log that say something, read as the app wrote them so far. */
final class AppLog {

  private AppLog() {}

  /** The lines of {@code log} containing {@code text}. */
  static List<String> lines(Path log, String text) {
    return read(log).stream().filter(line -> line.contains(text)).toList();
  }

  /** The lines of {@code log} matching {@code pattern} anywhere. */
  static List<String> lines(Path log, Pattern pattern) {
    return read(log).stream().filter(line -> pattern.matcher(line).find()).toList();
  }

  private static List<String> read(Path log) {
    try {
      // Malformed bytes (a line cut by SIGKILL) are replaced, not fatal.
      return new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
