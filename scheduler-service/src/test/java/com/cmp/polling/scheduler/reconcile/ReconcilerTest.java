package com.cmp.polling.scheduler.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.status.reconcile.PassResult;
import com.cmp.polling.status.reconcile.PassResult.Outcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The reconciler's pass thread: an Error ends a pass cleanly; a stop waits, then refuses. */
class ReconcilerTest {

  static final Clock clock = Clock.fixed(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC);
  static final SchedulerProperties.Reconciler settings =
      new SchedulerProperties.Reconciler(
          false,
          Duration.ofMinutes(5),
          Duration.ofMinutes(1),
          Duration.ofMinutes(2),
          100,
          Duration.ZERO,
          "cmp-lifecycle-topology");

  @Test
  @Timeout(30)
  void aPassEndedByAnError_failsItsCaller_andTheNextPassStillRuns() {
    AtomicInteger passes = new AtomicInteger();
    Reconciler reconciler =
        new Reconciler(
            (trigger, full, onStart) -> {
              if (passes.incrementAndGet() == 1) {
                throw new NoClassDefFoundError("com/example/Missing");
              }
              return PassResult.refused(trigger, clock.instant(), "second pass ran");
            },
            null,
            settings,
            clock);
    try {
      assertThatThrownBy(() -> reconciler.runNow("first"))
          .isInstanceOf(IllegalStateException.class)
          .hasRootCauseInstanceOf(NoClassDefFoundError.class);

      assertThat(reconciler.runNow("second").note()).isEqualTo("second pass ran");
      assertThat(passes).hasValue(2);
    } finally {
      reconciler.stop();
    }
  }

  @Test
  @Timeout(30)
  void stop_waitsUntilThePassUnderWayHasEnded_andLaterPassesAreRefused() throws Exception {
    CountDownLatch inPass = new CountDownLatch(1);
    CountDownLatch mayEnd = new CountDownLatch(1);
    AtomicBoolean interrupted = new AtomicBoolean();
    AtomicInteger passes = new AtomicInteger();
    Reconciler reconciler =
        new Reconciler(
            (trigger, full, onStart) -> {
              passes.incrementAndGet();
              inPass.countDown();
              try {
                new CountDownLatch(1).await();
              } catch (InterruptedException e) {
                interrupted.set(true);
              }
              // Winding down after the interrupt (a statement ending, the lock given back).
              try {
                mayEnd.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return PassResult.refused(trigger, clock.instant(), "stopped");
            },
            null,
            settings,
            clock);
    reconciler.start();
    CompletableFuture<PassResult> first =
        CompletableFuture.supplyAsync(() -> reconciler.runNow("first"));
    assertThat(inPass.await(10, TimeUnit.SECONDS)).isTrue();

    CompletableFuture<Void> stopping = CompletableFuture.runAsync(reconciler::stop);

    await().atMost(Duration.ofSeconds(5)).untilTrue(interrupted);
    await()
        .during(Duration.ofMillis(300))
        .atMost(Duration.ofSeconds(2))
        .until(() -> !stopping.isDone());
    mayEnd.countDown();
    stopping.get(10, TimeUnit.SECONDS);
    assertThat(first.get(10, TimeUnit.SECONDS).note()).isEqualTo("stopped");

    PassResult late = reconciler.runNow("after the stop");

    assertThat(late.outcome()).isEqualTo(Outcome.REFUSED);
    assertThat(late.note()).isEqualTo("the scheduler is stopping");
    assertThat(passes).hasValue(1);
    assertThat(reconciler.isRunning()).isFalse();
  }
}
