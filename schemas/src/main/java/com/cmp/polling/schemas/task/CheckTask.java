package com.cmp.polling.schemas.task;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Objects;

/**
 * One due check of one card, published by the scheduler to {@code polling.task.<taskType>} (or,
 * when an operator asked for it, to {@code polling.task.<taskType>.manual}).
 *
 * @param cardId the card to check
 * @param taskType which check
 * @param dueAt when it was due: the queue score, or the trigger time of a manual check
 * @param enqueuedAt when the scheduler published it (due-to-published latency is the difference)
 * @param manual whether an operator asked for it
 * @param leaseUntil the lease deadline the scheduler wrote as the card's queue score when it took
 *     the card: while the score is still exactly that, this task is the card's current one; once
 *     the card was completed, leased again, removed or rescheduled, the task is superseded and its
 *     handler drops it. Null for manual tasks (they are not taken from the shard queue) and for
 *     tasks written before the field existed; absent from the JSON when null.
 */
public record CheckTask(
    long cardId,
    TaskType taskType,
    Instant dueAt,
    Instant enqueuedAt,
    boolean manual,
    @JsonInclude(JsonInclude.Include.NON_NULL) Instant leaseUntil) {

  public CheckTask {
    if (cardId <= 0) {
      throw new IllegalArgumentException("card id must be positive, was " + cardId);
    }
    Objects.requireNonNull(taskType, "taskType");
    Objects.requireNonNull(dueAt, "dueAt");
    Objects.requireNonNull(enqueuedAt, "enqueuedAt");
  }

  /** A task that carries no lease (a manual one, or one written by hand in a test or tool). */
  public CheckTask(
      long cardId, TaskType taskType, Instant dueAt, Instant enqueuedAt, boolean manual) {
    this(cardId, taskType, dueAt, enqueuedAt, manual, null);
  }

  /** The Kafka record key: tasks of one card stay ordered on one partition. */
  public String key() {
    return Long.toString(cardId);
  }
}
