package com.cmp.polling.scheduler.reconcile;

import com.cmp.polling.core.queue.QueueEntry;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.status.reconcile.RepairKind;

/**
 * One entry to add, to remove, or to move (removed while unchanged, then added at its plan's time).
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

  /** The entry removed while its score is still the one read, then its check added (ZADD NX). */
  static Repair move(RepairKind kind, QueueEntry entry, ScheduledCheck check, String reason) {
    return new Repair(kind, entry, check, reason);
  }

  /** Whether it removes an entry (a move does too). */
  boolean isRemoval() {
    return removal != null;
  }

  /** Whether it removes an entry and adds it back at another time. */
  boolean isMove() {
    return removal != null && addition != null;
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
