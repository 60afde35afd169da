package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.queue.Backlog;
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
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
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
 * The lags of every task type are measured together, at most once per {@code lag-check-interval}
 * (never per shard); the due backlog only for a type the lag holds back, to say in the log and in
 * {@link HoldBackHistory} what waits, never to decide. Every fresh measure that holds a type back
 * is kept in the history, and a change between holding back and dispatching is logged once, with
 * its reason.
 */
@Component
public class Backpressure {

  private static final Logger log = LoggerFactory.getLogger(Backpressure.class);

  /** Takes the measures. */
  interface Measurer {
    /** The handlers' lag of each of {@code types}, measured together. */
    Map<TaskType, HandlerLag> lags(Set<TaskType> types);

    /** The due backlog of a type held back; null when Redis did not answer. */
    Backlog backlog(TaskType type);
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

  /**
   * Whether each of {@code types} is dispatched this round; measures again, all together, the types
   * whose last measures are older than {@code lag-check-interval}.
   */
  public Map<TaskType, Decision> decide(Set<TaskType> types) {
    Instant now = clock.instant();
    Set<TaskType> stale = EnumSet.noneOf(TaskType.class);
    for (TaskType type : types) {
      BackpressureMeasures last = lastMeasures.get(type);
      if (last == null || !last.at().plus(settings.lagCheckInterval()).isAfter(now)) {
        stale.add(type);
      }
    }
    if (!stale.isEmpty()) {
      measure(stale, now);
    }
    Map<TaskType, Decision> decisions = new EnumMap<>(TaskType.class);
    for (TaskType type : types) {
      BackpressureMeasures measures = lastMeasures.get(type);
      HoldBackCause cause = causeOf(measures.lag());
      logChange(type, cause, measures, now);
      decisions.put(type, new Decision(type, cause, measures, settings));
    }
    return decisions;
  }

  private void measure(Set<TaskType> types, Instant now) {
    Map<TaskType, HandlerLag> lags = measurer.lags(types);
    for (TaskType type : types) {
      HandlerLag lag = lags.getOrDefault(type, HandlerLag.UNKNOWN);
      HoldBackCause cause = causeOf(lag);
      BackpressureMeasures measures =
          new BackpressureMeasures(now, lag, cause == null ? null : measurer.backlog(type));
      lastMeasures.put(type, measures);
      metrics.measured(type, cause != null);
      if (cause != null) {
        history.add(holdBack(type, cause, measures));
      }
    }
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
