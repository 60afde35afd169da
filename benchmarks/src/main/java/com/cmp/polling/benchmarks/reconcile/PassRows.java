package com.cmp.polling.benchmarks.reconcile;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.reconcile.ProcessCosts.Reading;
import com.cmp.polling.benchmarks.reconcile.ReconcileBenchmark.Measured;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.RepairKind;
import com.cmp.polling.status.reconcile.SkipReason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The reconcile benchmark's two tables (what each pass compared and repaired, what it cost each
 * process) and the share of a core that follows from them.
 */
final class PassRows {

  static final List<String> FOUND_HEADER =
      List.of(
          "pass",
          "kind",
          "changed cards",
          "cards read",
          "entries scanned",
          "looked at again",
          "missing",
          "stray",
          "wrong_type",
          "far_future",
          "left recent / leased / changed");

  static final List<String> COST_HEADER =
      List.of(
          "pass",
          "took",
          "scheduler JVM",
          "PostgreSQL",
          "Redis",
          "Kafka",
          "all",
          "all less idle",
          "share of a core at the interval");

  private final Reading idle;
  private final Duration interval;
  private final List<List<String>> found = new ArrayList<>();
  private final List<List<String>> costs = new ArrayList<>();
  private Measured changePass;
  private Reading averageNet;
  private long averageChanged;
  private long lastFullRepairs = -1;

  PassRows(Reading idle, Duration interval) {
    this.idle = idle;
    this.interval = interval;
  }

  void add(String name, Measured measured) {
    PassResult pass = measured.pass();
    boolean full = pass.scope().kind().code().equals("full");
    found.add(counts(name, pass));
    costs.add(costs(name, measured.spent(), !full));
    if (full) {
      lastFullRepairs = pass.totalRepairs();
    }
  }

  /** The pass that compared many changed cards with nothing to repair: the cost of a change. */
  void addChangePass(String name, Measured measured) {
    add(name, measured);
    changePass = measured;
  }

  /** One row for many passes: counts summed, costs per pass. */
  void addMany(String name, List<PassResult> passes, Reading spent) {
    long n = passes.size();
    Reading perPass = spent.per(n);
    List<String> row = new ArrayList<>();
    row.add(name);
    row.add("incremental");
    long changed = passes.stream().mapToLong(p -> p.scope().changedCards()).sum();
    averageChanged = changed / n;
    row.add(number(changed));
    row.add(number(passes.stream().mapToLong(PassResult::cardsRead).sum()));
    row.add(number(passes.stream().mapToLong(PassResult::entriesScanned).sum()));
    row.add(number(passes.stream().mapToLong(PassResult::cardsLookedAt).sum()));
    for (RepairKind kind : RepairKind.values()) {
      row.add(number(passes.stream().mapToLong(p -> p.repaired(kind)).sum()));
    }
    row.add(
        number(passes.stream().mapToLong(p -> p.skipped(SkipReason.RECENT)).sum())
            + " / "
            + number(passes.stream().mapToLong(p -> p.skipped(SkipReason.LEASED)).sum())
            + " / "
            + number(passes.stream().mapToLong(p -> p.skipped(SkipReason.CHANGED)).sum()));
    found.add(row);
    costs.add(costs(name, perPass, true));
    averageNet = perPass.net(idle);
  }

  List<List<String>> found() {
    return found;
  }

  List<List<String>> costs() {
    return costs;
  }

  /** Repairs of the last full pass; -1 when none ran after the first. */
  long lastFullRepairs(boolean ran) {
    return ran ? lastFullRepairs : -1;
  }

  /** The average share of a core, and what a change adds to it. */
  String share(Reading perPass, Reading idleRate) {
    Reading net = perPass.net(idleRate);
    double seconds = interval.toSeconds();
    String text =
        String.format(
            "Average cost of a periodic pass over the period (passes 3 to the last, none with"
                + " changes to compare): %.3f s of CPU in all processes less their idle use"
                + " (scheduler JVM %.3f s, PostgreSQL %.3f s, Redis %.3f s, Kafka %.3f s), once"
                + " every %s: **%.2f %% of one core**.",
            net.total(),
            net.jvm(),
            net.postgres(),
            net.redis(),
            net.kafka(),
            ReconcileBenchmark.words(interval),
            100 * net.total() / seconds);
    if (changePass != null && averageNet != null) {
      long changed = changePass.pass().scope().changedCards() - averageChanged;
      double extra = changePass.spent().net(idle).total() - averageNet.total();
      if (changed > 0) {
        double perCard = extra / changed;
        text +=
            String.format(
                " The pass that compared %s changed cards (planning changes the change stream"
                    + " had applied: nothing to repair) cost %.3f s more: %.1f µs of CPU per"
                    + " changed card, so every 10 changes per second of planning columns add"
                    + " %.2f %% of a core.",
                number(changed), extra, perCard * 1e6, 100 * perCard * 10);
      }
    }
    return text;
  }

  String howComputed(long passes) {
    return "How it is computed: each process's CPU time (the benchmark JVM, which runs the"
        + " scheduler app, from the JVM; PostgreSQL's postmaster and backends and the Kafka"
        + " broker from /proc; redis-server from INFO cpu) is read before and after; the idle"
        + " use of each, measured over 20 s before the first pass with nothing running, times"
        + " the pass's wall time, is taken off ('all less idle'); the share of a core is that"
        + " divided by the interval, since a periodic pass runs once an interval. The "
        + passes
        + " periodic passes ran back to back: each compared the share of the sweep that one"
        + " interval is of the period, the cards changed since the marker, and the far-future"
        + " entries, exactly as a pass every interval would.";
  }

  private List<String> counts(String name, PassResult pass) {
    List<String> row = new ArrayList<>();
    row.add(name);
    row.add(pass.scope().kind().code());
    row.add(number(pass.scope().changedCards()));
    row.add(number(pass.cardsRead()));
    row.add(number(pass.entriesScanned()));
    row.add(number(pass.cardsLookedAt()));
    for (RepairKind kind : RepairKind.values()) {
      row.add(number(pass.repaired(kind)));
    }
    row.add(
        number(pass.skipped(SkipReason.RECENT))
            + " / "
            + number(pass.skipped(SkipReason.LEASED))
            + " / "
            + number(pass.skipped(SkipReason.CHANGED)));
    return row;
  }

  /** A full pass runs on demand, not every interval: no share of a core. */
  private List<String> costs(String name, Reading spent, boolean periodic) {
    Reading net = spent.net(idle);
    return List.of(
        name,
        String.format("%.2f s", spent.seconds()),
        String.format("%.2f s", spent.jvm()),
        String.format("%.2f s", spent.postgres()),
        String.format("%.2f s", spent.redis()),
        String.format("%.2f s", spent.kafka()),
        String.format("%.2f s", spent.total()),
        String.format("%.2f s", net.total()),
        periodic ? String.format("%.2f %%", 100 * net.total() / interval.toSeconds()) : "—");
  }
}
