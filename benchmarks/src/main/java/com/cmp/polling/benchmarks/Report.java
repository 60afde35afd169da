package com.cmp.polling.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A Markdown report: the machine, the command, then each benchmark's sections. */
public final class Report {

  private static final Logger log = LoggerFactory.getLogger(Report.class);

  private final List<String> lines = new ArrayList<>();

  public Report(String arguments) {
    lines.add(
        "Measured "
            + Instant.now()
            + " with `java -jar cmp-polling-benchmarks.jar "
            + arguments
            + "`");
    lines.add("");
    lines.add(
        "Machine: "
            + machine()
            + ", max heap "
            + Runtime.getRuntime().maxMemory() / (1024 * 1024)
            + " MiB");
    lines.add("");
  }

  /** "2 cores, 24 GiB RAM, Linux 6.18, Java 17.0.15": the machine every figure depends on. */
  public static String machine() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    return Runtime.getRuntime().availableProcessors()
        + " cores, "
        + totalMemoryGib(os)
        + " GiB RAM, "
        + System.getProperty("os.name")
        + " "
        + System.getProperty("os.version")
        + ", Java "
        + System.getProperty("java.version");
  }

  private static String totalMemoryGib(java.lang.management.OperatingSystemMXBean os) {
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return Long.toString(Math.round(sun.getTotalMemorySize() / (1024.0 * 1024 * 1024)));
    }
    return "?";
  }

  public void heading(String text) {
    lines.add("### " + text);
    lines.add("");
  }

  /** A heading one level below {@link #heading}, for the parts of a long section. */
  public void subheading(String text) {
    lines.add("#### " + text);
    lines.add("");
  }

  public void paragraph(String text) {
    lines.add(text);
    lines.add("");
    log.info(text);
  }

  public void table(List<String> header, List<List<String>> rows) {
    lines.add("| " + String.join(" | ", header) + " |");
    lines.add("|" + "---|".repeat(header.size()));
    for (List<String> row : rows) {
      lines.add("| " + String.join(" | ", row) + " |");
    }
    lines.add("");
  }

  public void writeTo(Path file) throws IOException {
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    Files.write(file, lines);
    lines.forEach(line -> log.info("| {}", line));
  }

  /** Thousands separated with a narrow, copy-friendly comma. */
  public static String number(double value) {
    return String.format("%,.0f", value);
  }
}
