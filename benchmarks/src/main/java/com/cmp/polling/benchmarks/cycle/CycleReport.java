package com.cmp.polling.benchmarks.cycle;

import static com.cmp.polling.benchmarks.Report.number;

import com.cmp.polling.benchmarks.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The cycle benchmark's Markdown: the figures table, the warm-up passes and the counters. */
final class CycleReport {

  private static final Logger log = LoggerFactory.getLogger(CycleReport.class);

  private final int cards;
  private final int warmUp;
  private final int maxWarmUpPasses;
  private final int consumers;

  CycleReport(int cards, int warmUp, int maxWarmUpPasses, int consumers) {
    this.cards = cards;
    this.warmUp = warmUp;
    this.maxWarmUpPasses = maxWarmUpPasses;
    this.consumers = consumers;
  }

  void write(
      Report report,
      CycleBenchmark.Outcome measured,
      List<CycleBenchmark.Outcome> warm,
      Optional<Double> produce,
      Optional<Double> consume,
      CycleBenchmark.Redis redis,
      Completions completions,
      EmptyCheckConsumers handlers) {
    Completions.Pass pass = measured.pass();
    long due = measured.dueMillis();
    List<List<String>> rows = new ArrayList<>();
    rows.add(
        List.of(
            "Kafka's ProducerPerformance, "
                + number(cards)
                + " × 120 B, acks=all, idempotent, lz4, 16 partitions (ceiling, producing)",
            produce.map(r -> number(r) + " records/s").orElse("failed (see log)"),
            ""));
    rows.add(
        List.of(
            "Kafka's ConsumerPerformance reading them back (ceiling, consuming; group join left"
                + " out)",
            consume.map(r -> number(r) + " records/s").orElse("failed (see log)"),
            ""));
    rows.add(
        List.of(
            "**cycle: " + number(cards) + " cards due at once → all completed and requeued**",
            "**"
                + number(measured.cardsPerSecond())
                + " cards/s** ("
                + String.format("%.2f", measured.seconds())
                + " s)",
            "≥ 50 000 cards/s"));
    rows.add(
        List.of(
            "the same from the first task published (the wait for the next tick left out)",
            pass.completedOnce() == 0
                ? "none published"
                : number(
                        pass.completedOnce()
                            / ((pass.lastCompletedMillis() - pass.firstPublishedMillis()) / 1000.0))
                    + " cards/s",
            ""));
    rows.add(
        List.of(
            "due → first task published / last task published",
            (pass.firstPublishedMillis() - due)
                + " ms / "
                + (pass.lastPublishedMillis() - due)
                + " ms",
            ""));
    rows.add(
        List.of(
            "due → completed, per card",
            "p50 "
                + pass.p50Millis()
                + " ms, p99 "
                + pass.p99Millis()
                + " ms, max "
                + pass.maxMillis()
                + " ms",
            ""));
    rows.add(
        List.of(
            "cards completed / extra completions (duplicates) / never completed (lost)",
            number(pass.completedOnce())
                + " / "
                + number(pass.duplicates())
                + " / "
                + number(pass.never()),
            "every card exactly once"));
    rows.add(
        List.of(
            "cards still due or leased in Redis afterwards (any pass); queue depth",
            number(redis.unfinished())
                + "; "
                + number(redis.depth())
                + " ("
                + number(redis.seeded())
                + " cards seeded, warm-up included)",
            "0"));
    rows.add(
        List.of(
            "CPU of this JVM (scheduler + consumers) per card; machine CPU busy (every process)",
            String.format("%.3f ms", measured.cpuMillis() / Math.max(1, pass.completedOnce()))
                + "; "
                + String.format("%.0f %%", measured.machineBusyPercent()),
            ""));
    rows.add(
        List.of(
            "time the JIT compilers spent compiling during the pass",
            measured.jitMillis() + " ms",
            ""));
    report.table(List.of("figure", "measured", "target"), rows);
    StringBuilder notes = new StringBuilder();
    notes
        .append("One pass (next check in 1 h: a second completion of a card is a duplicate).")
        .append(" The cards were written ")
        .append(Math.max(0, due - measured.seededMillis()))
        .append(" ms before their due time");
    if (measured.seededMillis() > due) {
      notes
          .append(" (**writing them ended ")
          .append(measured.seededMillis() - due)
          .append(" ms late**)");
    }
    if (!warm.isEmpty()) {
      long extra = warm.stream().mapToLong(w -> w.pass().duplicates()).sum();
      long never = warm.stream().mapToLong(w -> w.pass().never()).sum();
      notes
          .append(". Before it, ")
          .append(warm.size())
          .append(" unmeasured warm-up ")
          .append(warm.size() == 1 ? "pass" : "passes")
          .append(" of ")
          .append(number(warmUp))
          .append(" other cards each, until the JIT compiled for less than a tenth of a pass or ")
          .append(maxWarmUpPasses)
          .append(" passes had run; cards/s (seconds of JIT) per pass: ");
      for (int i = 0; i < warm.size(); i++) {
        notes
            .append(i == 0 ? "" : ", ")
            .append(number(warm.get(i).cardsPerSecond()))
            .append(String.format(" (%.1f s)", warm.get(i).jitMillis() / 1000.0));
      }
      notes
          .append("; ")
          .append(number(extra))
          .append(" extra completions and ")
          .append(number(never))
          .append(" cards never completed in them");
    } else {
      notes.append(". No warm-up pass");
    }
    notes
        .append(". Tasks refused by the codec: ")
        .append(number(completions.invalidTasks()))
        .append("; completions of unknown cards: ")
        .append(number(completions.unknown()))
        .append("; polls whose completion failed: ")
        .append(number(handlers.failures()))
        .append('.');
    report.paragraph(notes.toString());
  }
}
