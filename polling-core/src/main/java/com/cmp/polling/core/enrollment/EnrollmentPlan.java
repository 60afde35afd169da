package com.cmp.polling.core.enrollment;

import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which queues a card belongs in and when its checks run, or why it is not polled.
 *
 * @param config the config that governs it, or null when skipped
 * @param checks one per task type the config turns on (protect only while protected)
 * @param notPolled why the card is not polled, or null when it is
 * @param skipReason the same, in words for logs and operators; null when polled
 */
public record EnrollmentPlan(
    long cardId,
    PollingConfig config,
    List<ScheduledCheck> checks,
    NotPolled notPolled,
    String skipReason) {

  /** Why a card is not polled, in the order the rule looks. */
  public enum NotPolled {
    /** The card's own {@code enable_polling} is off. */
    CARD_POLLING_OFF,
    /** The card sits in a soft-deleted device: not polled until it moves. */
    DEVICE_DELETED,
    /** The card's device has {@code enable_polling} off. */
    DEVICE_POLLING_OFF,
    /** Card and device allow polling, but no enabled config matches the card. */
    NO_CONFIG
  }

  public EnrollmentPlan {
    checks = List.copyOf(checks);
  }

  static EnrollmentPlan skipped(long cardId, NotPolled why, String reason) {
    return new EnrollmentPlan(cardId, null, List.of(), why, reason);
  }

  public boolean isPolled() {
    return notPolled == null;
  }

  /**
   * Whether the card's and its device's flags let it be polled (it may still match no config).
   * False means the card leaves every queue for good.
   */
  public boolean pollingAllowed() {
    return notPolled == null || notPolled == NotPolled.NO_CONFIG;
  }

  public Set<TaskType> taskTypes() {
    Set<TaskType> types = EnumSet.noneOf(TaskType.class);
    checks.forEach(check -> types.add(check.taskType()));
    return types;
  }

  /** When the check of {@code type} is due; empty when the card gets no such check. */
  public Optional<Instant> dueAt(TaskType type) {
    for (ScheduledCheck check : checks) {
      if (check.taskType() == type) {
        return Optional.of(check.nextCheckAt());
      }
    }
    return Optional.empty();
  }

  /** This plan with the check of {@code type} due at {@code at} instead. */
  EnrollmentPlan withDue(TaskType type, Instant at) {
    return new EnrollmentPlan(
        cardId,
        config,
        checks.stream()
            .map(check -> check.taskType() == type ? new ScheduledCheck(cardId, type, at) : check)
            .toList(),
        notPolled,
        skipReason);
  }

  /** This plan with only the check of {@code type} (a plan made for that one check). */
  EnrollmentPlan onlyFor(TaskType type) {
    return new EnrollmentPlan(
        cardId,
        config,
        checks.stream().filter(check -> check.taskType() == type).toList(),
        notPolled,
        skipReason);
  }
}
