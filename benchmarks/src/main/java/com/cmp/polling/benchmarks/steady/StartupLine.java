package com.cmp.polling.benchmarks.steady;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Spring Boot's start-up line in an app's output, {@code Started X in 6.1 seconds (process running
 * for 7.9)}: the context's own start, and the JVM's with it. "-" when the line is not there.
 */
record StartupLine(String contextSeconds, String processSeconds) {

  private static final Pattern STARTED =
      Pattern.compile("Started \\S+ in ([0-9.]+) seconds \\(process running for ([0-9.]+)\\)");

  static StartupLine read(Path output) {
    try {
      Matcher found = STARTED.matcher(Files.readString(output));
      String context = "-";
      String process = "-";
      while (found.find()) {
        context = found.group(1);
        process = found.group(2);
      }
      return new StartupLine(context, process);
    } catch (IOException e) {
      return new StartupLine("-", "-");
    }
  }
}
