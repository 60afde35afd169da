package com.cmp.polling.benchmarks.dryrun;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.BenchmarkCommand.Options;
import com.cmp.polling.benchmarks.Report;
import com.cmp.polling.benchmarks.infra.BenchmarkPostgres;
import com.cmp.polling.benchmarks.infra.BenchmarkRedis;
import com.cmp.polling.core.protection.DesiredState;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.operator.rules.DryRunCommand;
import com.cmp.polling.stopresume.RulePreview.Action;
import com.cmp.polling.stopresume.dryrun.DryRunCardPage;
import com.cmp.polling.stopresume.dryrun.DryRunReport;
import com.cmp.polling.stopresume.dryrun.RuleDryRun;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The rule dry run (issue 19) over {@code --cards} cards (default 1 M): the scheduler app started
 * in dry-run mode in-process (no web server, loop, initializer or triggers), then whole passes of
 * {@link RuleDryRun} over the fleet, one carrier's pass, the listing of every card it would stop
 * page by page, and the {@code --dry-run} command from start to exit.
 */
public final class DryRunBenchmark {

  private static final int PROTECTED_CARDS = 1_000;

  private final int cards;
  private final int passes;

  public DryRunBenchmark(Options options) {
    this.cards = options.integer("cards", 1_000_000);
    this.passes = options.integer("passes", 3);
  }

  public void run(Report report) throws Exception {
    try (BenchmarkPostgres postgres = BenchmarkPostgres.start();
        BenchmarkRedis redis = BenchmarkRedis.start(0)) {
      report.heading("Rule dry run: " + number(cards) + " cards");
      long seedStart = System.nanoTime();
      seed(postgres, redis);
      report.paragraph(
          "Servers: embedded PostgreSQL 14 and "
              + redis.describe()
              + ". "
              + number(cards)
              + " cards inserted in "
              + seconds(System.nanoTime() - seedStart)
              + " s: a tenth in devices of ten (a third of the devices with an active package, the"
              + " others without any; the cards of every other device have polling off), a third"
              + " unverified (half of those on carrier 2, which does not enforce not_realname), one"
              + " card alone in 50 stopped for no_package with a package since, one in 40 at its"
              + " package's limit, "
              + number(PROTECTED_CARDS)
              + " under a protection period. Benchmark JVM max heap: "
              + Runtime.getRuntime().maxMemory() / (1024 * 1024)
              + " MiB.");
      String[] arguments = arguments(postgres, redis);
      try (ConfigurableApplicationContext app = DryRunCommand.application().run(arguments)) {
        RuleDryRun dryRun = app.getBean(RuleDryRun.class);
        passes(dryRun, report);
        listing(dryRun, report);
      }
      long commandStart = System.nanoTime();
      List<String> withOption = new ArrayList<>(List.of(arguments));
      withOption.add("--dry-run");
      int exit = DryRunCommand.execute(withOption.toArray(String[]::new));
      report.paragraph(
          "The command `--dry-run` from start to exit (Spring context, one pass, report printed):"
              + " "
              + seconds(System.nanoTime() - commandStart)
              + " s, exit code "
              + exit
              + ".");
    }
  }

  private void passes(RuleDryRun dryRun, Report report) {
    List<List<String>> rows = new ArrayList<>();
    DryRunReport last = null;
    for (int pass = 0; pass <= passes; pass++) {
      last = dryRun.run(null);
      rows.add(row(pass == 0 ? "fleet (first, cold)" : "fleet", last));
    }
    DryRunReport carrier = dryRun.run(2L);
    rows.add(row("carrier 2 only", carrier));
    report.table(
        List.of("pass", "cards evaluated", "time", "cards/s", "stop", "resume", "exempt"), rows);
    report.paragraph(
        "Last fleet pass: would stop "
            + counts(last, Action.STOP)
            + "; resume "
            + counts(last, Action.RESUME)
            + "; exempted "
            + counts(last, Action.EXEMPT)
            + "; "
            + number(last.cardsProtected())
            + " protected cards left alone.");
  }

  /** Every card the fleet pass would stop, listed in pages of 10 000 ids (the API's maximum). */
  private void listing(RuleDryRun dryRun, Report report) {
    long started = System.nanoTime();
    long listed = 0;
    int pages = 0;
    long after = 0;
    Long next;
    do {
      DryRunCardPage page = dryRun.cards(Action.STOP, null, null, after, 10_000);
      listed += page.cardIds().size();
      pages++;
      next = page.nextAfterId();
      after = next == null ? after : next;
    } while (next != null);
    long nanos = System.nanoTime() - started;
    report.paragraph(
        "Listing: the ids of the "
            + number(listed)
            + " cards a pass would stop, in "
            + pages
            + " pages of up to 10 000 (`/api/admin/rules/dry-run/cards?action=stop`), took "
            + seconds(nanos)
            + " s in all.");
  }

  private static List<String> row(String name, DryRunReport report) {
    double seconds = report.took().toNanos() / 1e9;
    return List.of(
        name,
        number(report.cardsEvaluated()),
        String.format("%.2f s", seconds),
        number(report.cardsEvaluated() / seconds),
        number(report.total(Action.STOP)),
        number(report.total(Action.RESUME)),
        number(report.total(Action.EXEMPT)));
  }

  private static String counts(DryRunReport report, Action action) {
    Map<String, String> byReason = new LinkedHashMap<>();
    report
        .byReason()
        .getOrDefault(action, Map.of())
        .forEach((reason, n) -> byReason.put(reason.code(), number(n)));
    return number(report.total(action)) + " " + byReason;
  }

  private void seed(BenchmarkPostgres postgres, BenchmarkRedis redis) {
    postgres.seedCards(cards);
    var jdbc = postgres.jdbc();
    // Half the unverified cards on carrier 2, which does not enforce not_realname.
    jdbc.sql("UPDATE tb_iot_card SET carrier_id = 2 WHERE real_name_status = 0 AND id % 2 = 0")
        .update();
    jdbc.sql(
            "INSERT INTO tb_rule_switch (carrier_id, enforce_not_realname, updated_by)"
                + " VALUES (2, FALSE, 'benchmark')")
        .update();
    jdbc.sql(
            "UPDATE tb_iot_card SET network_status = 0, stop_reason = 'no_package'"
                + " WHERE id % 50 = 1 AND device_id IS NULL")
        .update();
    jdbc.sql(
            "INSERT INTO tb_package_usage (device_id, status, data_limit_mb, data_usage_mb)"
                + " SELECT id, 1, 102400, 0 FROM tb_device WHERE id % 3 = 0")
        .update();
    jdbc.sql("UPDATE tb_package_usage SET data_usage_mb = data_limit_mb WHERE iot_card_id % 40 = 7")
        .update();
    jdbc.sql("ANALYZE").update();
    ProtectionPeriods protection = new ProtectionPeriods(redis.template(), Clock.systemUTC());
    long step = Math.max(1, cards / PROTECTED_CARDS);
    for (long card = 3; card <= cards; card += step) {
      protection.protect(card, DesiredState.ONLINE, Duration.ofHours(1));
    }
  }

  private static String[] arguments(BenchmarkPostgres postgres, BenchmarkRedis redis) {
    return new String[] {
      "--spring.datasource.url=" + postgres.jdbcUrl(),
      "--spring.datasource.username=postgres",
      "--spring.datasource.password=",
      "--spring.data.redis.host=127.0.0.1",
      "--spring.data.redis.port=" + redis.port(),
      // Dry-run mode neither publishes nor creates topics: no broker is needed.
      "--spring.kafka.bootstrap-servers=127.0.0.1:9",
      "--cmp.polling.gateway.base-url=http://127.0.0.1:9"
    };
  }

  private static double seconds(long nanos) {
    return Math.round(nanos / 1e7) / 100.0;
  }
}
