package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.status.reconcile.PassKind;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.PassScope;
import com.cmp.polling.status.reconcile.RepairKind;
import com.cmp.polling.status.reconcile.SkipReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.stereotype.Component;

/**
 * Micrometer figures of the queue reconciler in this instance, never tagged by card:
 *
 * <ul>
 *   <li>{@code polling.reconciler.repairs} — entries repaired (kind: missing, stray, wrong_type,
 *       far_future)
 *   <li>{@code polling.reconciler.skipped} — differences left alone (reason: recent, leased,
 *       changed)
 *   <li>{@code polling.reconciler.pass} — duration of the passes that ran (kind: incremental, full;
 *       outcome: completed, stopped, failed)
 *   <li>{@code polling.reconciler.passes} — completed parts of passes (kind: changes, sweep, full):
 *       an incremental pass counts once under changes and once under sweep
 *   <li>{@code polling.reconciler.cards_compared} — cards compared by completed passes (kind:
 *       changes for those that changed since the marker, sweep for the sweep's slice, full)
 *   <li>{@code polling.reconciler.last_pass_repairs} — gauge: entries repaired by this instance's
 *       last pass that ran
 *   <li>{@code polling.reconciler.settle_seconds} — gauge: the settle window of that pass
 *   <li>{@code polling.reconciler.marker_lag} — gauge: planning change numbers handed out beyond
 *       the marker when that pass began
 *   <li>{@code polling.reconciler.marker_lag_seconds} — gauge: how long ago the checkpoint the
 *       marker stands at was taken (every change committed before then is compared); it grows while
 *       no pass completes, and while an open transaction holds the marker back
 *   <li>{@code polling.reconciler.sweep_progress} — gauge: share (0 to 1) of the sweep's current
 *       round of card ids compared
 * </ul>
 */
@Component
class ReconcilerMetrics {

  private static final String[] PARTS = {"changes", "sweep", "full"};

  private final MeterRegistry registry;
  private final Map<RepairKind, Counter> repairs = new EnumMap<>(RepairKind.class);
  private final Map<SkipReason, Counter> skipped = new EnumMap<>(SkipReason.class);
  private final Map<String, Counter> passes = new HashMap<>();
  private final Map<String, Counter> compared = new HashMap<>();
  private final AtomicLong lastPassRepairs = new AtomicLong();
  private final AtomicLong settleSeconds = new AtomicLong();
  private final AtomicLong markerLag = new AtomicLong();
  private final AtomicReference<Instant> markerAt = new AtomicReference<>();
  private final AtomicReference<Double> sweepProgress = new AtomicReference<>(0.0);

  ReconcilerMetrics(MeterRegistry registry, Clock clock) {
    this.registry = registry;
    for (RepairKind kind : RepairKind.values()) {
      repairs.put(
          kind,
          Counter.builder("polling.reconciler.repairs")
              .description("queue entries the reconciler added, removed or moved")
              .tag("kind", kind.code())
              .register(registry));
    }
    for (SkipReason reason : SkipReason.values()) {
      skipped.put(
          reason,
          Counter.builder("polling.reconciler.skipped")
              .description("differences the reconciler left to the change stream or to a lease")
              .tag("reason", reason.code())
              .register(registry));
    }
    for (String part : PARTS) {
      passes.put(
          part,
          Counter.builder("polling.reconciler.passes")
              .description("completed reconcile passes, by the part they ran")
              .tag("kind", part)
              .register(registry));
      compared.put(
          part,
          Counter.builder("polling.reconciler.cards_compared")
              .description("cards compared with the queues by completed passes")
              .tag("kind", part)
              .register(registry));
    }
    Gauge.builder("polling.reconciler.last_pass_repairs", lastPassRepairs, AtomicLong::get)
        .description("entries repaired by this instance's last reconcile pass")
        .register(registry);
    Gauge.builder("polling.reconciler.settle_seconds", settleSeconds, AtomicLong::get)
        .description("the settle window of this instance's last reconcile pass")
        .register(registry);
    Gauge.builder("polling.reconciler.marker_lag", markerLag, AtomicLong::get)
        .description("planning changes handed out beyond the reconciler's marker")
        .register(registry);
    Gauge.builder(
            "polling.reconciler.marker_lag_seconds",
            markerAt,
            at ->
                at.get() == null
                    ? 0
                    : Math.max(0, Duration.between(at.get(), clock.instant()).toSeconds()))
        .description("age of the checkpoint the reconciler's change marker stands at")
        .register(registry);
    Gauge.builder("polling.reconciler.sweep_progress", sweepProgress, AtomicReference::get)
        .description("share of the reconciler sweep's current round compared")
        .register(registry);
  }

  void repaired(RepairKind kind) {
    repairs.get(kind).increment();
  }

  void skipped(SkipReason reason, int count) {
    skipped.get(reason).increment(count);
  }

  void passEnded(PassResult pass) {
    PassScope scope = pass.scope();
    Timer.builder("polling.reconciler.pass")
        .description("duration of a reconcile pass")
        .tag("kind", scope.kind().code())
        .tag("outcome", pass.outcome().code())
        .register(registry)
        .record(pass.took());
    lastPassRepairs.set(pass.totalRepairs());
    settleSeconds.set(pass.settle().toSeconds());
    if (pass.outcome() != PassResult.Outcome.COMPLETED) {
      return;
    }
    if (scope.kind() == PassKind.FULL) {
      passes.get("full").increment();
      compared.get("full").increment(pass.cardsRead());
    } else {
      passes.get("changes").increment();
      passes.get("sweep").increment();
      compared.get("changes").increment(scope.changedCards());
      compared.get("sweep").increment(pass.cardsRead());
    }
    markerLag.set(scope.markerLag());
    markerAt.set(scope.markerAt());
    sweepProgress.set(scope.sweepDone());
  }
}
