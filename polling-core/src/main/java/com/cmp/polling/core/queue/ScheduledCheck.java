package com.cmp.polling.core.queue;

import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.Objects;

/** A card's next check of one type, as written by a batch requeue. */
public record ScheduledCheck(long cardId, TaskType taskType, Instant nextCheckAt) {

  public ScheduledCheck {
    QueueArguments.requireCardId(cardId);
    Objects.requireNonNull(taskType, "taskType");
    Objects.requireNonNull(nextCheckAt, "nextCheckAt");
  }
}
