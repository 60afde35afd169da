package com.cmp.polling.benchmarks;

import com.cmp.polling.benchmarks.cdc.CdcBenchmark;
import com.cmp.polling.benchmarks.handlers.HandlersBenchmark;
import com.cmp.polling.benchmarks.queue.QueueDequeueBenchmark;
import com.cmp.polling.benchmarks.scheduler.SchedulerBenchmark;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Entry point of {@code java -jar benchmarks/target/cmp-polling-benchmarks.jar <benchmark>
 * [--option value ...]}. Each benchmark runs on real servers (embedded ones unless told otherwise),
 * prints a Markdown report and writes it to {@code --report}.
 */
public final class BenchmarkCommand {

  private static final Logger log = LoggerFactory.getLogger(BenchmarkCommand.class);

  private BenchmarkCommand() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 0 || args[0].startsWith("-")) {
      usage();
      System.exit(2);
    }
    Options options = Options.parse(Arrays.copyOfRange(args, 1, args.length));
    Report report = new Report(String.join(" ", args));
    switch (args[0]) {
      case "queue" -> new QueueDequeueBenchmark(options).run(report);
      case "scheduler" -> new SchedulerBenchmark(options).run(report);
      case "handlers" -> new HandlersBenchmark(options).run(report);
      case "cdc" -> new CdcBenchmark(options).run(report);
      default -> {
        usage();
        System.exit(2);
      }
    }
    Path file = options.path("report", Path.of("benchmarks/target/report-" + args[0] + ".md"));
    report.writeTo(file);
    log.info("report written to {}", file.toAbsolutePath());
    // Done once the report is written, even if a library left a non-daemon thread behind.
    System.exit(0);
  }

  private static void usage() {
    log.error(
        "usage: java -jar cmp-polling-benchmarks.jar <benchmark> [--option value ...]\n"
            + "  queue      [--cards 1600000] [--workers 1,2,4] [--redis-port <running server>]\n"
            + "  scheduler  [--cards 1000000] [--rate 50000] [--latency-seconds 20]\n"
            + "  handlers   [--tasks 20000] [--latency-ms 20] [--workers 16,64,128]\n"
            + "  cdc        [--samples 300] [--bulk 100000]\n"
            + "  every one: [--report <file.md>]");
  }

  /** {@code --name value} pairs. */
  public record Options(Map<String, String> values) {

    static Options parse(String[] args) {
      Map<String, String> values = new HashMap<>();
      for (int i = 0; i < args.length; i++) {
        if (!args[i].startsWith("--") || i + 1 >= args.length) {
          throw new IllegalArgumentException("expected --name value, got '" + args[i] + "'");
        }
        values.put(args[i].substring(2), args[++i]);
      }
      return new Options(values);
    }

    public int integer(String name, int fallback) {
      return values.containsKey(name) ? Integer.parseInt(values.get(name)) : fallback;
    }

    public List<Integer> integers(String name, List<Integer> fallback) {
      if (!values.containsKey(name)) {
        return fallback;
      }
      return Arrays.stream(values.get(name).split(",")).map(Integer::parseInt).toList();
    }

    public Path path(String name, Path fallback) {
      return values.containsKey(name) ? Path.of(values.get(name)) : fallback;
    }
  }
}
