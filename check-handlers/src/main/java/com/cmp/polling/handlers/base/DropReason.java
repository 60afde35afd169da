package com.cmp.polling.handlers.base;

/** Why a card is dropped from every queue instead of being checked or put back. */
enum DropReason {
  /** The card does not exist or is deleted. */
  GONE("it is gone", TaskResult.DROPPED_GONE),
  /** The card, or its device, turned polling off. */
  POLLING_DISABLED("its polling is disabled", TaskResult.DROPPED_POLLING_DISABLED);

  private final String why;
  private final TaskResult result;

  DropReason(String why, TaskResult result) {
    this.why = why;
    this.result = result;
  }

  /** The reason as the drop's log line gives it. */
  String why() {
    return why;
  }

  /** What became of the task whose card was dropped. */
  TaskResult result() {
    return result;
  }
}
