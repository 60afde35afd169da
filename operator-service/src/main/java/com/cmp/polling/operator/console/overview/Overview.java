package com.cmp.polling.operator.console.overview;

import com.cmp.polling.operator.monitoring.Snapshot;
import com.cmp.polling.operator.monitoring.TaskFigures;
import com.cmp.polling.status.initializer.InitProgress;
import com.cmp.polling.status.lag.HandlerLag;
import com.cmp.polling.status.schedule.DispatchState;
import com.cmp.polling.status.schedule.HoldBack;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * {@code GET /console/api/overview}: the last fleet snapshot and the latest hold-backs.
 *
 * @param at when the figures were read (null before the first snapshot)
 * @param ageSeconds how old they are
 * @param initializer null before any initializer run against this Redis
 */
record Overview(
    Instant at,
    Long ageSeconds,
    long tookMillis,
    int shardCount,
    long overdueGraceSeconds,
    List<TypeRow> taskTypes,
    List<Snapshot.FailedShard> failedShards,
    List<String> problems,
    Initializer initializer,
    List<DeadLetterRow> deadLetters,
    HoldBacks holdBacks) {

  /**
   * One task type.
   *
   * @param inFlight the handlers' lag: tasks published, not yet committed (null: Kafka did not say)
   * @param lagSeconds how long the oldest of them has waited (null: Kafka did not say)
   * @param dispatch back-pressure as the last round recorded it (null: no round recorded)
   */
  record TypeRow(
      String taskType,
      long queued,
      long due,
      long overdue,
      long oldestDueAgeSeconds,
      Long inFlight,
      Long lagSeconds,
      long checking,
      long manual,
      List<Long> dueByShard,
      Dispatch dispatch) {

    static TypeRow of(String taskType, TaskFigures f, Instant now) {
      HandlerLag lag = f.lag();
      return new TypeRow(
          taskType,
          f.queued(),
          f.due(),
          f.overdue(),
          f.oldestDueAgeSeconds(),
          lag.known() ? lag.tasks() : null,
          lag.known() ? lag.oldestAge().toSeconds() : null,
          f.checking(),
          f.manual(),
          f.dueByShard(),
          f.dispatch() == null ? null : Dispatch.of(f.dispatch(), now));
    }
  }

  /**
   * Back-pressure of one task type, shared by every scheduler instance ({@code polling:stats}).
   *
   * @param state {@code dispatching} or {@code held_back}
   * @param cause {@code lag_age} or {@code lag_count} while held back
   * @param heldBackSeconds how long the hold-back has lasted (null while dispatching)
   * @param lastRoundAgeSeconds how long ago the round that recorded this ended: an old one means no
   *     scheduling loop runs, and the state is stale
   */
  record Dispatch(
      String state,
      String cause,
      Instant heldBackSince,
      Long heldBackSeconds,
      Instant measuredAt,
      Instant lastRoundAt,
      Long lastRoundAgeSeconds) {

    static Dispatch of(DispatchState d, Instant now) {
      return new Dispatch(
          d.heldBack() ? "held_back" : "dispatching",
          d.cause(),
          d.heldBackSince(),
          d.heldBackSince() == null ? null : secondsSince(d.heldBackSince(), now),
          d.measuredAt(),
          d.lastRoundAt(),
          d.lastRoundAt() == null ? null : secondsSince(d.lastRoundAt(), now));
    }
  }

  /**
   * The latest hold-backs of every scheduler instance, shared in Redis.
   *
   * @param maxLagAgeSeconds the schedulers' {@code max-lag-age}: a lag older than this holds a type
   *     back (null until a round recorded it)
   * @param maxConsumerLag their {@code max-consumer-lag}: more tasks waiting hold a type back (0:
   *     off; null until a round recorded it)
   * @param recent newest first, at most {@link OverviewController#HOLD_BACKS_SHOWN}
   */
  record HoldBacks(Long maxLagAgeSeconds, Long maxConsumerLag, List<HoldBack> recent) {}

  record DeadLetterRow(String topic, long unhandled) {}

  record Initializer(
      long processed,
      long total,
      double percent,
      Long etaSeconds,
      long cardsPerSecond,
      boolean completed,
      Instant startedAt,
      Instant updatedAt) {

    static Initializer of(InitProgress p) {
      return new Initializer(
          p.processed(),
          p.total(),
          p.percent(),
          p.etaSeconds(),
          Math.round(p.cardsPerSecond()),
          p.completed(),
          p.startedAt(),
          p.updatedAt());
    }
  }

  private static long secondsSince(Instant then, Instant now) {
    return Math.max(0, Duration.between(then, now).toSeconds());
  }
}
