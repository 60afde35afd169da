package com.cmp.polling.operator.action;

/**
 * The answer to a manual check, from the API and the console alike.
 *
 * @param enrolledNow whether the card was put in its shard queues by this request (it was not
 *     there)
 * @param message what happens next, in words, for a person
 */
public record CheckRequested(long cardId, String taskType, boolean enrolledNow, String message) {

  static CheckRequested of(long cardId, String taskType, boolean enrolledNow) {
    return new CheckRequested(
        cardId,
        taskType,
        enrolledNow,
        "the "
            + taskType
            + " check of card "
            + cardId
            + " runs at the scheduler's next round"
            + (enrolledNow ? " (the card was put in its queues first)" : ""));
  }
}
