package com.cmp.polling.schemas.task;

import java.time.Instant;
import java.util.Objects;

/**
 * One due check of one card, published by the scheduler to {@code polling.task.<taskType>}.
 *
 * @param cardId the card to check
 * @param taskType which check
 * @param dueAt when it was due: the queue score, or the trigger time of a manual check
 * @param enqueuedAt when the scheduler published it (due-to-published latency is the difference)
 * @param manual whether an operator asked for it
 */
public record CheckTask(
    long cardId, TaskType taskType, Instant dueAt, Instant enqueuedAt, boolean manual) {

  public CheckTask {
    if (cardId <= 0) {
      throw new IllegalArgumentException("card id must be positive, was " + cardId);
    }
    Objects.requireNonNull(taskType, "taskType");
    Objects.requireNonNull(dueAt, "dueAt");
    Objects.requireNonNull(enqueuedAt, "enqueuedAt");
  }

  /** The Kafka record key: tasks of one card stay ordered on one partition. */
  public String key() {
    return Long.toString(cardId);
  }
}
