package com.cmp.polling.scheduler.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import com.cmp.polling.core.queue.Backlog;
import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.lag.HandlerLag;
import com.cmp.polling.status.schedule.HoldBack;
import com.cmp.polling.status.schedule.HoldBackCause;
import com.cmp.polling.testsupport.logging.CapturedLogs;
import com.cmp.polling.testsupport.time.SettableClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The hold-back rule and its bookkeeping, with a settable clock and measures set by hand; the
 * default limits (max-lag-age 60 s, the count rule off) unless a test sets max-consumer-lag.
 */
class BackpressureTest {

  private static final Duration CHECK_INTERVAL = Duration.ofSeconds(5);
  private static final Duration MAX_LAG_AGE = Duration.ofSeconds(60);

  private final SettableClock clock = SettableClock.atNow();

  /** What back-pressure recorded, newest first (as the history lists them). */
  private final List<HoldBack> history = new ArrayList<>();

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final AtomicInteger measured = new AtomicInteger();
  private final AtomicInteger backlogsRead = new AtomicInteger();
  private HandlerLag lag = new HandlerLag(true, 0, Duration.ZERO);
  private Backlog backlog;
  private final Backpressure backpressure = backpressure(0, registry);

  @Test
  void healthyHandlers_areNeverHeldBack_howeverLargeTheFleetAndItsDueBacklog() {
    // 1 B cards: half a million tasks in the handlers' hands, consumed within a second; ten
    // million cards due right now. Neither the count nor what waits in Redis holds back.
    backlog = new Backlog(clock.instant(), 10_000_000, clock.instant().minusSeconds(600));
    lag = new HandlerLag(true, 555_556, Duration.ofSeconds(1));

    Backpressure.Decision decision = decide(backpressure, TaskType.CARDDATA);

    assertThat(decision.heldBack()).isFalse();
    assertThat(history).isEmpty();
  }

  @Test
  void countRuleOff_neverHoldsBack_howeverManyTasksWait_whileTheyAreYoung() {
    lag = new HandlerLag(true, Long.MAX_VALUE, MAX_LAG_AGE);

    assertThat(decide(backpressure, TaskType.CARDDATA).heldBack()).isFalse();
  }

  @Test
  void oldestUnconsumedTaskOlderThanMaxLagAge_holdsBack_forLagAge() {
    lag = new HandlerLag(true, 10, Duration.ofSeconds(61));

    assertThat(decide(backpressure, TaskType.REALNAME).cause()).isEqualTo(HoldBackCause.LAG_AGE);
  }

  @Test
  void lagAtExactlyItsLimits_doesNotHoldBack() {
    lag = new HandlerLag(true, 200_000, MAX_LAG_AGE);

    assertThat(decide(counting(), TaskType.REALNAME).heldBack()).isFalse();
  }

  @Test
  void moreTasksWaitingThanAMaxConsumerLagSet_holdsBack_forLagCount() {
    lag = new HandlerLag(true, 200_001, Duration.ofSeconds(2));

    assertThat(decide(counting(), TaskType.PACKAGE).cause()).isEqualTo(HoldBackCause.LAG_COUNT);
  }

  @Test
  void aNegativeMaxConsumerLag_isRefused_namingTheSetting() {
    assertThatThrownBy(() -> new SchedulerProperties.Backpressure(MAX_LAG_AGE, -1, CHECK_INTERVAL))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max-consumer-lag")
        .hasMessageContaining("-1");
  }

  @Test
  void aMaxLagAgeOfZero_isRefused_namingTheSetting() {
    assertThatThrownBy(() -> new SchedulerProperties.Backpressure(Duration.ZERO, 0, CHECK_INTERVAL))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("max-lag-age");
  }

  @Test
  void unknownLag_neverHoldsBack() {
    lag = HandlerLag.UNKNOWN;

    assertThat(decide(backpressure, TaskType.PROTECT).heldBack()).isFalse();
  }

  @Test
  void measuresAreReusedWithinTheCheckInterval_andTakenAgainAfterIt() {
    decide(backpressure, TaskType.CARDDATA);
    clock.advance(CHECK_INTERVAL.minusMillis(1));
    lag = new HandlerLag(true, 10, Duration.ofMinutes(10));

    assertThat(decide(backpressure, TaskType.CARDDATA).heldBack()).isFalse();
    assertThat(measured).hasValue(1);

    clock.advance(Duration.ofMillis(1));
    assertThat(decide(backpressure, TaskType.CARDDATA).heldBack()).isTrue();
    assertThat(measured).hasValue(2);
  }

  @Test
  void everyTaskType_isMeasuredInOneGo_andTheBacklogReadOnlyForATypeHeldBack() {
    lag = new HandlerLag(true, 10, Duration.ofSeconds(1));

    var decisions = backpressure.decide(EnumSet.allOf(TaskType.class));

    assertThat(decisions).hasSize(4).allSatisfy((type, d) -> assertThat(d.heldBack()).isFalse());
    assertThat(measured).hasValue(1);
    assertThat(backlogsRead).hasValue(0);
    assertThat(decisions.get(TaskType.REALNAME).measures().backlog()).isNull();

    lag = new HandlerLag(true, 10, Duration.ofSeconds(61));
    clock.advance(CHECK_INTERVAL);
    decisions = backpressure.decide(EnumSet.allOf(TaskType.class));

    assertThat(decisions).allSatisfy((type, d) -> assertThat(d.heldBack()).isTrue());
    assertThat(measured).hasValue(2);
    assertThat(backlogsRead).hasValue(4);
  }

  @Test
  void eachFreshMeasureThatHoldsBack_isKeptWithItsFigures_notEachRound() {
    backlog = new Backlog(clock.instant(), 4200, clock.instant().minusSeconds(75));
    lag = new HandlerLag(true, 12_000, Duration.ofSeconds(90));

    for (int round = 0; round < 5; round++) {
      decide(backpressure, TaskType.CARDDATA);
      clock.advance(Duration.ofSeconds(1));
    }

    assertThat(history).hasSize(1);
    HoldBack first = history.get(0);
    assertThat(first.taskType()).isEqualTo(TaskType.CARDDATA);
    assertThat(first.cause()).isEqualTo("lag_age");
    assertThat(first.reason()).contains("90 s old", "max-lag-age 60 s");
    assertThat(first.consumerLag()).isEqualTo(12_000);
    assertThat(first.consumerLagSeconds()).isEqualTo(90);
    assertThat(first.dueCards()).isEqualTo(4200);
    assertThat(first.oldestDueSeconds()).isEqualTo(75);
    assertThat(gauge("polling.scheduler.held_back")).isEqualTo(1);

    decide(backpressure, TaskType.CARDDATA); // 5 s later: measured again, still held back
    assertThat(history).hasSize(2);
  }

  @Test
  void heldBackGauge_followsTheFreshMeasures_andTheLagHasNoSecondName() {
    lag = new HandlerLag(true, 12_000, Duration.ofSeconds(90));
    decide(backpressure, TaskType.CARDDATA);
    assertThat(gauge("polling.scheduler.held_back")).isEqualTo(1);

    lag = new HandlerLag(true, 3, Duration.ofSeconds(1));
    clock.advance(CHECK_INTERVAL);
    Backpressure.Decision decision = decide(backpressure, TaskType.CARDDATA);

    assertThat(gauge("polling.scheduler.held_back")).isZero();
    // The measure goes with the decision into the round's stats, where the fleet snapshot reads it.
    assertThat(decision.measures().lag()).isEqualTo(lag);
    // The lag and the backlog are the fleet snapshot's gauges (polling.handlers.*,
    // polling.queue.*): back-pressure exports no copy of them under its own names.
    assertThat(registry.getMeters())
        .extracting(meter -> meter.getId().getName())
        .filteredOn(name -> name.startsWith("polling.scheduler."))
        .containsOnly(
            "polling.scheduler.held_back",
            "polling.scheduler.due_to_published",
            "polling.scheduler.due_to_published.percentile",
            "polling.scheduler.manual.delay",
            "polling.scheduler.manual.delay.percentile",
            "polling.scheduler.manual.delay.histogram",
            "polling.scheduler.round");
  }

  @Test
  void changesBetweenHoldingBackAndDispatching_areLoggedOnce_withTheirReason() {
    Backpressure counting = counting();
    try (CapturedLogs logs = CapturedLogs.of(Backpressure.class)) {
      lag = new HandlerLag(true, 300_000, Duration.ofSeconds(10));
      for (int round = 0; round < 20; round++) {
        decide(counting, TaskType.CARDDATA);
        clock.advance(Duration.ofSeconds(1));
      }
      lag = new HandlerLag(true, 50, Duration.ofSeconds(1));
      for (int round = 0; round < 20; round++) {
        decide(counting, TaskType.CARDDATA);
        clock.advance(Duration.ofSeconds(1));
      }

      assertThat(logs.messages(Level.WARN))
          .containsExactly(
              "carddata held back: 300000 tasks wait for its handlers (max-consumer-lag 200000);"
                  + " due backlog unknown");
      assertThat(logs.messages(Level.INFO)).hasSize(1);
      assertThat(logs.messages(Level.INFO).get(0))
          .startsWith("carddata dispatching again after 20 s held back");
    }
  }

  /** With max-consumer-lag 200 000, its gauges in a registry of its own. */
  private Backpressure counting() {
    return backpressure(200_000, new SimpleMeterRegistry());
  }

  /** Back-pressure on the measures set by hand, max-lag-age 60 s; 0 turns the count rule off. */
  private Backpressure backpressure(long maxConsumerLag, SimpleMeterRegistry metricsInto) {
    return new Backpressure(
        new Backpressure.Measurer() {
          @Override
          public Map<TaskType, HandlerLag> lags(Set<TaskType> types) {
            measured.incrementAndGet();
            Map<TaskType, HandlerLag> lags = new EnumMap<>(TaskType.class);
            types.forEach(type -> lags.put(type, lag));
            return lags;
          }

          @Override
          public Backlog backlog(TaskType type) {
            backlogsRead.incrementAndGet();
            return backlog;
          }
        },
        holdBack -> history.add(0, holdBack),
        new SchedulerMetrics(metricsInto),
        properties(MAX_LAG_AGE, maxConsumerLag),
        clock);
  }

  private static Backpressure.Decision decide(Backpressure backpressure, TaskType type) {
    return backpressure.decide(EnumSet.of(type)).get(type);
  }

  private double gauge(String name) {
    return registry.get(name).tag("task_type", "carddata").gauge().value();
  }

  static SchedulerProperties properties(Duration maxLagAge, long maxConsumerLag) {
    return new SchedulerProperties(
        false,
        Duration.ofSeconds(1),
        1000,
        50,
        10000,
        Duration.ofMillis(250),
        4,
        new SchedulerProperties.Backpressure(maxLagAge, maxConsumerLag, CHECK_INTERVAL),
        new SchedulerProperties.Initializer(false, 1000, Duration.ZERO, Duration.ofSeconds(30)),
        new SchedulerProperties.Triggers(false, Duration.ofSeconds(10), 1000),
        new SchedulerProperties.Reconciler(
            false,
            Duration.ofMinutes(5),
            Duration.ofMinutes(1),
            Duration.ofMinutes(2),
            20_000,
            Duration.ZERO,
            "cmp-lifecycle-topology"));
  }
}
