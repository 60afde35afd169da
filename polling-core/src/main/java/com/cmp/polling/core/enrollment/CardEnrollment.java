package com.cmp.polling.core.enrollment;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.config.ConfigSnapshot;
import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.enrollment.EnrollmentPlan.NotPolled;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rule itself, for one card whose facts are known: polling allowed by the card AND its device
 * (a deleted device allows none), a matching config, one check per task type that config turns on.
 * Pure: it reads nothing. Only {@link CardPlanner} applies it, after reading the facts of a whole
 * batch of cards at once; every other class asks the planner.
 */
final class CardEnrollment {

  /** Protect checks of a protected card whose config has no protect interval. */
  static final Duration DEFAULT_PROTECT_INTERVAL = Duration.ofSeconds(60);

  private final Clock clock;

  CardEnrollment(Clock clock) {
    this.clock = clock;
  }

  /**
   * @param deviceAllowsPolling the device's flag (ignored for a card outside any device; a card of
   *     a deleted device is never polled)
   * @param protectedCard whether an operator's protection period runs: only then is the card in the
   *     protect queue
   * @param configSnapshot the configs to match against (the ones in force, or those a config change
   *     brings)
   */
  EnrollmentPlan plan(
      Card card,
      boolean deviceAllowsPolling,
      boolean protectedCard,
      Timing timing,
      ConfigSnapshot configSnapshot) {
    NotPolled refused =
        notAllowed(
            card.pollingEnabled(), card.inDevice(), card.deviceDeleted(), deviceAllowsPolling);
    if (refused != null) {
      return EnrollmentPlan.skipped(card.id(), refused, reason(refused, card));
    }
    Optional<PollingConfig> matched = configSnapshot.match(card);
    if (matched.isEmpty()) {
      return EnrollmentPlan.skipped(
          card.id(),
          NotPolled.NO_CONFIG,
          "no enabled polling config matches card "
              + card.id()
              + " ("
              + ConfigSnapshot.conditionOf(card).code()
              + ", carrier "
              + card.carrierId()
              + ")");
    }
    PollingConfig config = matched.get();
    Instant now = clock.instant();
    List<ScheduledCheck> checks = new ArrayList<>(4);
    for (TaskType type : TaskType.values()) {
      Optional<Duration> interval =
          type == TaskType.PROTECT ? protectInterval(config, protectedCard) : config.interval(type);
      interval.ifPresent(
          every ->
              checks.add(
                  new ScheduledCheck(card.id(), type, at(now, every, card.id(), type, timing))));
    }
    return new EnrollmentPlan(card.id(), config, checks, null, null);
  }

  /**
   * Whether the card's own flag and its device let it be polled, config aside: null when they do,
   * else the first reason the rule finds (a deleted device allows none, whatever its flag says).
   *
   * @param deviceAllowsPolling the device's flag (ignored for a card outside any device)
   */
  static NotPolled notAllowed(
      boolean cardPollingEnabled,
      boolean inDevice,
      boolean deviceDeleted,
      boolean deviceAllowsPolling) {
    if (!cardPollingEnabled) {
      return NotPolled.CARD_POLLING_OFF;
    }
    if (deviceDeleted) {
      return NotPolled.DEVICE_DELETED;
    }
    if (inDevice && !deviceAllowsPolling) {
      return NotPolled.DEVICE_POLLING_OFF;
    }
    return null;
  }

  private static String reason(NotPolled refused, Card card) {
    return switch (refused) {
      case CARD_POLLING_OFF -> "polling is disabled on card " + card.id();
      case DEVICE_DELETED ->
          "device "
              + card.deviceId()
              + " of card "
              + card.id()
              + " is deleted (not polled until"
              + " the card moves to a live device or out of it)";
      case DEVICE_POLLING_OFF ->
          "polling is disabled on device " + card.deviceId() + " of card " + card.id();
      case NO_CONFIG -> throw new IllegalArgumentException("not a flag: " + refused);
    };
  }

  private static Optional<Duration> protectInterval(PollingConfig config, boolean protectedCard) {
    return protectedCard
        ? Optional.of(config.interval(TaskType.PROTECT).orElse(DEFAULT_PROTECT_INTERVAL))
        : Optional.empty();
  }

  private static Instant at(
      Instant now, Duration interval, long cardId, TaskType type, Timing timing) {
    return switch (timing) {
      case NOW -> now;
      case AFTER_INTERVAL -> now.plus(interval);
      case SPREAD -> now.plusMillis(Math.floorMod(spreadHash(cardId, type), interval.toMillis()));
    };
  }

  /**
   * A fixed pseudo-random number per card and task type: the spread is the same on every run, so a
   * restarted initialization lands every card where an uninterrupted one would have.
   */
  static long spreadHash(long cardId, TaskType type) {
    long x = cardId * 0x9E3779B97F4A7C15L + type.ordinal();
    x = (x ^ (x >>> 31)) * 0xBF58476D1CE4E5B9L;
    return x ^ (x >>> 29);
  }
}
