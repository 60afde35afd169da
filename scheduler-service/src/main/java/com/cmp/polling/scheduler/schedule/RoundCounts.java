package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.schemas.task.TaskType;
import java.util.EnumMap;
import java.util.Map;

/** Cards published in one scheduling round, per task type; shard workers add to it. */
public final class RoundCounts {

  /** The figures of one task type. */
  public record Counts(long scheduled, long manual, long failures) {

    Counts plus(long moreScheduled, long moreManual, long moreFailures) {
      return new Counts(scheduled + moreScheduled, manual + moreManual, failures + moreFailures);
    }
  }

  private final Map<TaskType, Counts> byType = new EnumMap<>(TaskType.class);

  RoundCounts() {
    for (TaskType type : TaskType.values()) {
      byType.put(type, new Counts(0, 0, 0));
    }
  }

  synchronized void add(TaskType type, long scheduled, long manual, long failures) {
    byType.put(type, byType.get(type).plus(scheduled, manual, failures));
  }

  public synchronized Counts of(TaskType type) {
    return byType.get(type);
  }
}
