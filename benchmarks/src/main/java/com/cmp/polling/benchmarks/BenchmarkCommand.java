package com.cmp.polling.benchmarks;

import com.cmp.polling.benchmarks.all.AllBenchmarks;
import com.cmp.polling.benchmarks.cdc.CdcBenchmark;
import com.cmp.polling.benchmarks.cycle.CycleBenchmark;
import com.cmp.polling.benchmarks.dryrun.DryRunBenchmark;
import com.cmp.polling.benchmarks.fleet.FleetBenchmark;
import com.cmp.polling.benchmarks.handlers.HandlersBenchmark;
import com.cmp.polling.benchmarks.queue.QueueDequeueBenchmark;
import com.cmp.polling.benchmarks.reconcile.ReconcileBenchmark;
import com.cmp.polling.benchmarks.scheduler.SchedulerBenchmark;
import com.cmp.polling.benchmarks.scheduler.TickCostBenchmark;
import com.cmp.polling.benchmarks.steady.RestartBenchmark;
import com.cmp.polling.benchmarks.steady.SteadyBenchmark;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Entry point of {@code java -jar benchmarks/target/cmp-polling-benchmarks.jar <benchmark>
 * [--option value ...]}. Each benchmark runs on real servers (embedded ones unless told otherwise),
 * prints a Markdown report and writes it to {@code --report}. {@code all} runs every benchmark,
 * each in a JVM of its own, and assembles their reports into docs/benchmarks.md.
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
    if (args[0].equals("all")) {
      // Each benchmark runs in a child JVM; this one only waits for them and writes the page.
      System.exit(new AllBenchmarks(options).run());
    }
    Report report = new Report(withoutReportOption(args));
    switch (args[0]) {
      case "queue" -> new QueueDequeueBenchmark(options).run(report);
      case "scheduler" -> new SchedulerBenchmark(options).run(report);
      case "tick" -> new TickCostBenchmark(options).run(report);
      case "handlers" -> new HandlersBenchmark(options).run(report);
      case "cdc" -> new CdcBenchmark(options).run(report);
      case "cycle" -> new CycleBenchmark(options).run(report);
      case "dryrun" -> new DryRunBenchmark(options).run(report);
      case "reconcile" -> new ReconcileBenchmark(options).run(report);
      case "steady" -> new SteadyBenchmark(options).run(report);
      case "restart" -> new RestartBenchmark(options).run(report);
      case "fleet" -> new FleetBenchmark(options).run(report);
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

  /** The command as a reader would repeat it: where the report goes changes no figure. */
  private static String withoutReportOption(String[] args) {
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--report") && i + 1 < args.length) {
        i++;
      } else {
        shown.add(args[i]);
      }
    }
    return String.join(" ", shown);
  }

  private static void usage() {
    log.error(
        "usage: java -jar cmp-polling-benchmarks.jar <benchmark> [--option value ...]\n"
            + "  queue      [--cards 1600000] [--workers 1,2,4] [--redis-port <running server>]\n"
            + "  scheduler  [--cards 1000000] [--rate 50000] [--latency-seconds 20] [--warm-up"
            + " <cards, default cards/5 up to 200000>]\n"
            + "  tick       [--cards 100000] [--rates 0,20] [--seconds 60] [--monitoring]\n"
            + "  handlers   [--tasks 20000] [--latency-ms 20] [--workers 16,64,128]\n"
            + "  cdc        [--samples 300] [--bulk 100000] [--bulk-runs 3]\n"
            + "  cycle      [--cards 300000] [--warm-up <cards>] [--warm-up-passes 8] [--consumers"
            + " 4] [--max-poll-records 2000]\n"
            + "  dryrun     [--cards 1000000] [--passes 3]\n"
            + "  reconcile  [--cards 1000000] [--damage 1000] [--changes 10000] [--devices 10]"
            + " [--interval 5m] [--sweep-period 24h] [--final-full true]\n"
            + "  steady     [--cards 10000000] [--checks-per-second 300] [--minutes 10]"
            + " [--sample-seconds 20] [--latency-ms 20] [--idle-seconds 0]\n"
            + "             [--find-max [--from 500] [--step 1000] [--max-rate 10000]"
            + " [--reference-rate 300] [--step-minutes 3]\n"
            + "              [--warm-up-seconds 60] [--first-warm-up-seconds 180] [--idle-seconds 120]"
            + " [--sample-seconds 10]]\n"
            + "             [--manual-every-seconds 5] [--manual-type carddata] [--manual-app"
            + " operator-service]\n"
            + "             [--manual-path /api/admin/cards/{cardId}/checks/{taskType}]"
            + " [--manual-metric polling.scheduler.manual.delay]\n"
            + "  restart    [--cards 20000] [--checks-per-second 200] [--rounds 2]"
            + " [--apps handlers,scheduler,listener,operator]"
            + " [--app-jars <checkout>] [--extracted true] [--cds true]\n"
            + "  fleet      [--cards 100000] [--seed 26] [--headroom 6] [--grid-seconds 300]"
            + " [--fixed-grid-seconds 30] [--slots 2] [--consumers 2]\n"
            + "  every one: [--report <file.md>] (default benchmarks/target/report-<name>.md)\n"
            + "  all        [--out docs/benchmarks.md] [--quick] [--only queue,cycle,...] [--merge]"
            + " [--reports <dir>]\n"
            + "             runs queue, scheduler, cdc, handlers, cycle, dryrun, reconcile,"
            + " steady and fleet one after the other, each in a\n"
            + "             child JVM, and writes their reports with the notes of"
            + " report-notes/*.md;\n"
            + "             --quick: small sizes, a smoke run of a few minutes");
  }

  /** {@code --name value} pairs, and {@code --flag} alone (followed by nothing or another name). */
  public record Options(Map<String, String> values) {

    static Options parse(String[] args) {
      Map<String, String> values = new HashMap<>();
      for (int i = 0; i < args.length; i++) {
        if (!args[i].startsWith("--")) {
          throw new IllegalArgumentException("expected --name value, got '" + args[i] + "'");
        }
        String name = args[i].substring(2);
        if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
          values.put(name, "true");
        } else {
          values.put(name, args[++i]);
        }
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

    public List<String> strings(String name, List<String> fallback) {
      return values.containsKey(name) ? List.of(values.get(name).split(",")) : fallback;
    }

    public Path path(String name, Path fallback) {
      return values.containsKey(name) ? Path.of(values.get(name)) : fallback;
    }

    public boolean flag(String name) {
      return Boolean.parseBoolean(values.getOrDefault(name, "false"));
    }
  }
}
