package com.cmp.polling.benchmarks.all;

import com.cmp.polling.benchmarks.BenchmarkCommand;
import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.all.BenchmarkSteps.Step;
import com.cmp.polling.benchmarks.infra.ChildJvm;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code all}: runs every benchmark one after the other, each in a child JVM of its own (a
 * benchmark ends its JVM and may leave threads behind), then writes one Markdown page: a fixed
 * introduction, then per benchmark its command, its notes before the figures, its measured report
 * and its notes after them. The notes are hand-written resources ({@code report-notes/<name>.md});
 * a line {@value #MARKER} in one separates what goes before the figures from what goes after.
 */
public final class AllBenchmarks {

  private static final Logger log = LoggerFactory.getLogger(AllBenchmarks.class);

  static final String MARKER = "<!-- measured report -->";
  private static final String JAR = "benchmarks/target/cmp-polling-benchmarks.jar";

  /** The notes of the last section, measured by hand with JMH rather than by a step. */
  static final String HAND_WRITTEN = "libs";

  private final Path out;
  private final boolean quick;
  private final List<String> only;
  private final Path reports;
  private final boolean merge;

  public AllBenchmarks(Options options) {
    this.out = options.path("out", Path.of("docs/benchmarks.md"));
    this.quick = options.flag("quick");
    this.only = options.strings("only", BenchmarkSteps.ALL.stream().map(Step::name).toList());
    this.merge = options.flag("merge");
    this.reports =
        options.path("reports", ChildJvm.jar().toAbsolutePath().getParent()).toAbsolutePath();
    for (String name : only) {
      if (BenchmarkSteps.ALL.stream().noneMatch(step -> step.name().equals(name))) {
        throw new IllegalArgumentException("no benchmark named '" + name + "' for --only");
      }
    }
  }

  /** Runs the benchmarks and writes the page; 0 when every benchmark succeeded, else 1. */
  public int run() throws Exception {
    List<Step> steps =
        BenchmarkSteps.ALL.stream().filter(step -> only.contains(step.name())).toList();
    Instant date = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    List<String> page = new ArrayList<>(intro(date));
    List<List<String>> sections = new ArrayList<>();
    int failed = 0;
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      List<String> arguments = quick ? step.quick() : step.full();
      Path report = reports.resolve("report-" + step.name() + ".md");
      Files.deleteIfExists(report);
      List<String> command = new ArrayList<>();
      command.add(step.name());
      command.addAll(arguments);
      command.add("--report");
      command.add(report.toString());
      log.info(
          "[{}/{}] {}: java -Xmx{} -jar {} {}",
          i + 1,
          steps.size(),
          step.name(),
          step.heap(),
          JAR,
          String.join(" ", command));
      long started = System.nanoTime();
      int exit =
          ChildJvm.of(BenchmarkCommand.class.getName(), step.heap())
              .startInheritingOutput(command)
              .awaitExit();
      long seconds = Math.round((System.nanoTime() - started) / 1e9);
      Optional<List<String>> measured =
          exit == 0 && Files.exists(report)
              ? Optional.of(Files.readAllLines(report, StandardCharsets.UTF_8))
              : Optional.empty();
      if (measured.isEmpty()) {
        failed++;
        log.error("[{}/{}] {} failed (exit code {})", i + 1, steps.size(), step.name(), exit);
      } else {
        log.info("[{}/{}] {} done in {} s", i + 1, steps.size(), step.name(), seconds);
      }
      sections.add(section(step, arguments, measured, exit, seconds));
    }
    if (merge && Files.exists(out)) {
      page =
          PageMerge.replaceSections(
              Files.readAllLines(out, StandardCharsets.UTF_8), sections, date);
    } else {
      sections.forEach(page::addAll);
      // JMH is run by hand (see the section's own commands); its figures travel with the page.
      page.addAll(notes(HAND_WRITTEN).strip().lines().toList());
      page.add("");
    }
    if (out.toAbsolutePath().getParent() != null) {
      Files.createDirectories(out.toAbsolutePath().getParent());
    }
    Files.write(out, page, StandardCharsets.UTF_8);
    log.info(
        "{} written: {} benchmark(s) measured, {} failed",
        out.toAbsolutePath(),
        steps.size() - failed,
        failed);
    return failed == 0 ? 0 : 1;
  }

  private List<String> intro(Instant date) throws IOException {
    StringBuilder command = new StringBuilder("java -jar " + JAR + " all");
    command.append(" --out ").append(out);
    if (quick) {
      command.append(" --quick");
    }
    if (only.size() < BenchmarkSteps.ALL.size()) {
      command.append(" --only ").append(String.join(",", only));
    }
    String text =
        notes("intro")
            .replace("${command}", command)
            .replace("${date}", date.toString())
            .replace("${machine}", machine());
    List<String> lines = new ArrayList<>(text.lines().toList());
    if (quick) {
      // Right under the title: nobody should quote a smoke run.
      lines.addAll(
          Math.min(2, lines.size()),
          List.of(
              "> **Quick run** (`--quick`): every benchmark ran with small sizes, as a smoke test."
                  + " These figures are not the project's measurements.",
              ""));
    }
    lines.add("");
    return lines;
  }

  private List<String> section(
      Step step, List<String> arguments, Optional<List<String>> measured, int exit, long seconds)
      throws IOException {
    String notes = notes(step.name());
    int marker = notes.indexOf(MARKER);
    String before = marker < 0 ? "" : notes.substring(0, marker).strip();
    String after = (marker < 0 ? notes : notes.substring(marker + MARKER.length())).strip();
    List<String> lines = new ArrayList<>();
    lines.add("## " + step.title());
    lines.add("");
    if (!before.isEmpty()) {
      lines.addAll(before.lines().toList());
      lines.add("");
    }
    lines.add("Command (JVM heap " + step.heap() + "; it took " + seconds + " s here):");
    lines.add("");
    lines.add("```sh");
    lines.add(
        "java -Xmx"
            + step.heap()
            + " -jar "
            + JAR
            + " "
            + step.name()
            + (arguments.isEmpty() ? "" : " " + String.join(" ", arguments)));
    lines.add("```");
    lines.add("");
    if (measured.isPresent()) {
      lines.addAll(withoutPreamble(measured.get()));
    } else {
      lines.add(
          "**Not measured**: the benchmark failed (exit code "
              + exit
              + "); its output is in the log of the run.");
      lines.add("");
    }
    if (!after.isEmpty()) {
      lines.addAll(after.lines().toList());
      lines.add("");
    }
    return lines;
  }

  /**
   * The report from its first heading on: the command and machine lines are in the page already.
   */
  private static List<String> withoutPreamble(List<String> report) {
    int first = 0;
    while (first < report.size() && !report.get(first).startsWith("#")) {
      first++;
    }
    List<String> body = new ArrayList<>(report.subList(first, report.size()));
    while (!body.isEmpty() && body.get(body.size() - 1).isBlank()) {
      body.remove(body.size() - 1);
    }
    body.add("");
    return body;
  }

  private static String notes(String name) throws IOException {
    try (InputStream in =
        AllBenchmarks.class.getResourceAsStream("/report-notes/" + name + ".md")) {
      return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The machine line, with the CPU model where /proc/cpuinfo gives it. */
  private static String machine() {
    String cpu = "";
    try {
      cpu =
          Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
              .filter(line -> line.startsWith("model name"))
              .map(line -> line.substring(line.indexOf(':') + 1).strip())
              .findFirst()
              .map(model -> " (" + model + ")")
              .orElse("");
    } catch (IOException | RuntimeException notLinux) {
      // The model is a nicety.
    }
    return Report.machine().replaceFirst(" cores", " cores" + cpu);
  }
}
