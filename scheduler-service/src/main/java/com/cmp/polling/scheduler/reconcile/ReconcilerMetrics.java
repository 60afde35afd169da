package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.RepairKind;
import com.cmp.polling.status.reconcile.SkipReason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * Micrometer figures of the queue reconciler in this instance, never tagged by card:
 *
 * <ul>
 *   <li>{@code polling.reconciler.repairs} — entries repaired (kind: missing, stray, wrong_type)
 *   <li>{@code polling.reconciler.skipped} — differences left alone (reason: recent, leased,
 *       changed)
 *   <li>{@code polling.reconciler.pass} — duration of the passes that ran (outcome: completed,
 *       stopped, failed)
 *   <li>{@code polling.reconciler.last_pass_repairs} — gauge: entries repaired by this instance's
 *       last pass that ran
 *   <li>{@code polling.reconciler.settle_seconds} — gauge: the settle window of that pass
 * </ul>
 */
@Component
class ReconcilerMetrics {

  private final MeterRegistry registry;
  private final Map<RepairKind, Counter> repairs = new EnumMap<>(RepairKind.class);
  private final Map<SkipReason, Counter> skipped = new EnumMap<>(SkipReason.class);
  private final AtomicLong lastPassRepairs = new AtomicLong();
  private final AtomicLong settleSeconds = new AtomicLong();

  ReconcilerMetrics(MeterRegistry registry) {
    this.registry = registry;
    for (RepairKind kind : RepairKind.values()) {
      repairs.put(
          kind,
          Counter.builder("polling.reconciler.repairs")
              .description("queue entries the reconciler added or removed")
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
    Gauge.builder("polling.reconciler.last_pass_repairs", lastPassRepairs, AtomicLong::get)
        .description("entries repaired by this instance's last reconcile pass")
        .register(registry);
    Gauge.builder("polling.reconciler.settle_seconds", settleSeconds, AtomicLong::get)
        .description("the settle window of this instance's last reconcile pass")
        .register(registry);
  }

  void repaired(RepairKind kind) {
    repairs.get(kind).increment();
  }

  void skipped(SkipReason reason, int count) {
    skipped.get(reason).increment(count);
  }

  void passEnded(PassResult pass) {
    Timer.builder("polling.reconciler.pass")
        .description("duration of a reconcile pass")
        .tag("outcome", pass.outcome().code())
        .register(registry)
        .record(pass.took());
    lastPassRepairs.set(pass.totalRepairs());
    settleSeconds.set(pass.settle().toSeconds());
  }
}
