package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.queue.QueueEntry;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.reconcile.RepairKind;

/**
 * One entry to add or to remove.
 *
 * @param removal the entry to remove, as it was read; null for an addition
 * @param addition the check to add where the card is absent; null for a removal
 * @param reason why, in words, for the log
 */
record Repair(RepairKind kind, QueueEntry removal, ScheduledCheck addition, String reason) {

  static Repair remove(RepairKind kind, QueueEntry entry, String reason) {
    return new Repair(kind, entry, null, reason);
  }

  static Repair add(ScheduledCheck check, String reason) {
    return new Repair(RepairKind.MISSING, null, check, reason);
  }

  boolean isRemoval() {
    return removal != null;
  }

  long cardId() {
    return isRemoval() ? removal.cardId() : addition.cardId();
  }

  TaskType type() {
    return isRemoval() ? removal.type() : addition.taskType();
  }

  /** "stray:realname": a repair's kind and type, to tell whether a card's difference held. */
  String signature() {
    return kind.code() + ":" + type().code();
  }
}
