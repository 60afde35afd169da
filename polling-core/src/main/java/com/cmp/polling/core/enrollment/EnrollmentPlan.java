package com.cmp.polling.core.enrollment;

import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Which queues a card belongs in and when its checks run, or why it is not polled.
 *
 * @param config the config that governs it, or null when skipped
 * @param checks one per task type the config turns on (protect only while protected)
 * @param skipReason why the card is not polled, or null when it is
 */
public record EnrollmentPlan(
    long cardId, PollingConfig config, List<ScheduledCheck> checks, String skipReason) {

  public EnrollmentPlan {
    checks = List.copyOf(checks);
  }

  static EnrollmentPlan skipped(long cardId, String reason) {
    return new EnrollmentPlan(cardId, null, List.of(), reason);
  }

  public boolean isPolled() {
    return skipReason == null;
  }

  public Set<TaskType> taskTypes() {
    Set<TaskType> types = EnumSet.noneOf(TaskType.class);
    checks.forEach(check -> types.add(check.taskType()));
    return types;
  }
}
