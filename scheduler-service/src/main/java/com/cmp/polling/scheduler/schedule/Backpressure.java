package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.lag.HandlerLag;
import com.cmp.polling.status.schedule.HoldBack;
import com.cmp.polling.status.schedule.HoldBackCause;
import com.cmp.polling.status.schedule.HoldBackHistory;
import com.cmp.polling.status.schedule.HoldBackRecorder;
import com.cmp.polling.status.schedule.RoundStats;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * When to hold a task type back: only when its handlers really fall behind — the oldest task they
 * have not consumed is older than {@code max-lag-age}, or, where an operator set {@code
 * max-consumer-lag} (off by default: a count of waiting tasks grows with the rate of checks, hence
 * with the fleet), more tasks than that wait for them. With the defaults nothing here grows with
 * the fleet: a healthy fleet of any size consumes its tasks within seconds and is never held back.
 * The due backlog is measured and reported with each decision but never decides one. Measures are
 * taken at most once per {@code lag-check-interval} and per type (never per shard); every fresh
 * measure that holds a type back is kept in {@link HoldBackHistory}, and a change between holding
 * back and dispatching is logged once, with its reason.
 */
@Component
public class Backpressure {

  private static final Logger log = LoggerFactory.getLogger(Backpressure.class);

  /** Takes the measures of one task type. */
  interface Measurer {
    BackpressureMeasures measure(TaskType type, Instant at);
  }

  /**
   * One round's decision for one task type.
   *
   * @param cause why it is held back; null: dispatch
   * @param measures what the decision looked at
   */
  public record Decision(
      TaskType type,
      HoldBackCause cause,
      BackpressureMeasures measures,
      SchedulerProperties.Backpressure limits) {

    public boolean heldBack() {
      return cause != null;
    }

    /** What the round records of this type in its stats, with the round's counts. */
    RoundStats stats(RoundCounts.Counts counts) {
      return new RoundStats(
          counts.scheduled(),
          counts.manual(),
          counts.failures(),
          cause,
          measures.at(),
          measures.lag(),
          measures.backlog(),
          limits.maxLagAge(),
          limits.maxConsumerLag());
    }
  }

  private final Measurer measurer;
  private final HoldBackRecorder history;
  private final SchedulerMetrics metrics;
  private final SchedulerProperties.Backpressure settings;
  private final Clock clock;
  private final Map<TaskType, BackpressureMeasures> lastMeasures = new ConcurrentHashMap<>();
  private final Map<TaskType, Instant> heldBackSince = new ConcurrentHashMap<>();

  Backpressure(
      Measurer measurer,
      HoldBackRecorder history,
      SchedulerMetrics metrics,
      SchedulerProperties properties,
      Clock clock) {
    this.measurer = measurer;
    this.history = history;
    this.metrics = metrics;
    this.settings = properties.backpressure();
    this.clock = clock;
  }

  /** Whether {@code type} is dispatched this round; measures again when the last ones are old. */
  public Decision decide(TaskType type) {
    Instant now = clock.instant();
    BackpressureMeasures measures = lastMeasures.get(type);
    boolean fresh =
        measures == null || !measures.at().plus(settings.lagCheckInterval()).isAfter(now);
    if (fresh) {
      measures = measurer.measure(type, now);
      lastMeasures.put(type, measures);
    }
    HoldBackCause cause = causeOf(measures.lag());
    if (fresh) {
      metrics.measured(type, cause != null);
      if (cause != null) {
        history.add(holdBack(type, cause, measures));
      }
    }
    logChange(type, cause, measures, now);
    return new Decision(type, cause, measures, settings);
  }

  /** The rule itself. Unknown lag (Kafka silent) never holds back: publishing will tell. */
  HoldBackCause causeOf(HandlerLag lag) {
    if (!lag.known()) {
      return null;
    }
    if (lag.oldestAge().compareTo(settings.maxLagAge()) > 0) {
      return HoldBackCause.LAG_AGE;
    }
    return settings.countRuleOn() && lag.tasks() > settings.maxConsumerLag()
        ? HoldBackCause.LAG_COUNT
        : null;
  }

  private void logChange(
      TaskType type, HoldBackCause cause, BackpressureMeasures measures, Instant now) {
    Instant since = heldBackSince.get(type);
    if (cause != null && since == null) {
      heldBackSince.put(type, now);
      log.warn(
          "{} held back: {}; {}",
          type.code(),
          reason(cause, measures.lag()),
          describeBacklog(measures));
    } else if (cause == null && since != null) {
      heldBackSince.remove(type);
      log.info(
          "{} dispatching again after {} s held back: {} tasks wait for its handlers, the oldest"
              + " for {} s",
          type.code(),
          Duration.between(since, now).toSeconds(),
          measures.lag().tasks(),
          measures.lag().oldestAge().toSeconds());
    }
  }

  private HoldBack holdBack(TaskType type, HoldBackCause cause, BackpressureMeasures measures) {
    HandlerLag lag = measures.lag();
    var backlog = measures.backlog();
    return new HoldBack(
        measures.at(),
        type,
        cause.code(),
        reason(cause, lag),
        lag.tasks(),
        lag.oldestAge().toSeconds(),
        backlog == null ? -1 : backlog.due(),
        backlog == null ? -1 : backlog.oldestAge().toSeconds());
  }

  private String reason(HoldBackCause cause, HandlerLag lag) {
    return switch (cause) {
      case LAG_AGE ->
          "the oldest task its handlers have not consumed is "
              + lag.oldestAge().toSeconds()
              + " s old (max-lag-age "
              + settings.maxLagAge().toSeconds()
              + " s)";
      case LAG_COUNT ->
          lag.tasks()
              + " tasks wait for its handlers (max-consumer-lag "
              + settings.maxConsumerLag()
              + ")";
    };
  }

  private static String describeBacklog(BackpressureMeasures measures) {
    if (measures.backlog() == null) {
      return "due backlog unknown";
    }
    return measures.backlog().due()
        + " cards due and not dispatched, the oldest for "
        + measures.backlog().oldestAge().toSeconds()
        + " s";
  }
}
