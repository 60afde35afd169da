package com.cmp.polling.benchmarks.steady;

import static com.cmp.polling.benchmarks.Report.number;
import static com.cmp.polling.benchmarks.steady.Format.millis;
import static com.cmp.polling.benchmarks.steady.Format.quantile;

import com.cmp.polling.benchmarks.Report;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The whole pipeline's part of a window's report: how the window was reached (the re-enrollment
 * pass), the change-stream records per check, the manual checks under load and the queue
 * reconciler's share of the window.
 */
final class PipelineFigures {

  private final Report report;
  private final SteadyOptions options;

  PipelineFigures(Report report, SteadyOptions options) {
    this.report = report;
    this.options = options;
  }

  void write(Window window) {
    changeStream(window);
    manual(window);
    long reconciling = window.inWindow().stream().filter(Sample::reconciling).count();
    report.paragraph(
        "Queue reconciler (on by default): a pass was under way at "
            + reconciling
            + " of the window's "
            + window.inWindow().size()
            + " samples (`polling:reconcile:status` in Redis).");
  }

  /** Records written to the change-stream topics in the window, per check settled. */
  double changeStreamPerCheck(Window window) {
    double records = window.end().changeStreamRecords() - window.start().changeStreamRecords();
    return window.checks() <= 0 ? Double.NaN : records / window.checks();
  }

  String manualPublishedP99(Window window) {
    return millis(quantile(published(window), 0.99));
  }

  boolean manualPublishedWithin(Window window, double seconds) {
    Duration p99 = quantile(published(window), 0.99);
    return p99 != null && p99.toMillis() <= seconds * 1000;
  }

  private void changeStream(Window window) {
    List<String> parts = new ArrayList<>();
    for (String topic : ChangeStream.TOPICS) {
      long records =
          window.end().changeStream().getOrDefault(topic, 0L)
              - window.start().changeStream().getOrDefault(topic, 0L);
      parts.add("`" + topic + "` " + number(records));
    }
    Sample last = window.samples().get(window.samples().size() - 1);
    report.paragraph(
        "Change stream in the window (end offsets before and after): "
            + String.join(", ", parts)
            + " = **"
            + String.format("%.3f", changeStreamPerCheck(window))
            + " records per check settled**. The listener's lag at the end (its topology and its"
            + " consumer): "
            + number(last.listenerLag())
            + " records.");
  }

  private void manual(Window window) {
    List<ManualChecks.Check> checks = window.manual();
    if (checks.isEmpty()) {
      report.paragraph("Manual checks: none triggered in this window.");
      return;
    }
    long refused = checks.stream().filter(check -> check.status() != 202).count();
    List<Duration> carrier = checks.stream().map(ManualChecks.Check::toCarrier).toList();
    List<Duration> published = published(window);
    report.paragraph(
        "Manual checks under load: "
            + checks.size()
            + " "
            + options.manualType().code()
            + " checks, about one every "
            + options.manualEvery().toSeconds()
            + " s, each on a card picked at random, through "
            + options.manualApp()
            + "'s `POST "
            + options.manualPath()
            + "` ("
            + refused
            + " answered other than 202). Trigger → task on the manual topic (its record time): "
            + spread(published)
            + "; trigger → carrier call (the simulator's count for the card): "
            + spread(carrier)
            + ". "
            + metric(window));
  }

  private static String spread(List<Duration> durations) {
    long seen = durations.stream().filter(d -> d != null).count();
    return "p50 "
        + millis(quantile(durations, 0.5))
        + ", **p99 "
        + millis(quantile(durations, 0.99))
        + "**, max "
        + millis(quantile(durations, 1.0))
        + " ("
        + seen
        + " of "
        + durations.size()
        + " seen within a minute)";
  }

  /** The apps' own timer of trigger → published, when one of them exports it. */
  private String metric(Window window) {
    String base = options.manualMetric().replace('.', '_') + "_seconds";
    Map<String, String> any = Map.of();
    if (!window.end().metrics().select(base + "_bucket", any).isEmpty()) {
      LatenessHistogram histogram =
          LatenessHistogram.between(
              window.start().metrics(), window.end().metrics(), base + "_bucket", any);
      return "The apps' timer `"
          + options.manualMetric()
          + "` over the window: "
          + number(histogram.total())
          + " recorded, p99 "
          + Format.seconds(histogram.quantile(0.99))
          + " (from its histogram).";
    }
    double count = window.delta(base + "_count", any);
    if (count > 0) {
      return "The apps' timer `"
          + options.manualMetric()
          + "` over the window: "
          + number(count)
          + " recorded, mean "
          + Format.seconds(window.delta(base + "_sum", any) / count)
          + ", max "
          + Format.seconds(window.end().metrics().max(base + "_max", any).orElse(Double.NaN))
          + " (no histogram exported).";
    }
    return "No app exports `" + options.manualMetric() + "` (or it recorded nothing).";
  }

  private static List<Duration> published(Window window) {
    return window.manual().stream().map(ManualChecks.Check::toPublished).toList();
  }
}
