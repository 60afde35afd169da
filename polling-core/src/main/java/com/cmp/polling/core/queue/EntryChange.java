package com.cmp.polling.core.queue;

import com.cmp.polling.schemas.task.TaskType;
import java.time.Instant;
import java.util.Objects;

/**
 * One change a card's move makes to its entry in one task type's queue ({@link
 * PollingQueueManager#move}): the rules say what a move must not undo.
 *
 * @param at the entry's time; unused when the card leaves the queue
 */
public record EntryChange(long cardId, TaskType type, Rule rule, Instant at) {

  /** What the change may overwrite. */
  public enum Rule {
    /**
     * In at {@code at}, or moved sooner: an entry due earlier keeps its time, a lease gives way
     * only to a sooner time (a status change asks for a check now, even while one runs).
     */
    SOONER("lt"),
    /** In at {@code at} only if absent: the time or lease it has stays (a repeated enrollment). */
    IF_ABSENT("nx"),
    /** Out of that queue (its config no longer asks for that check, or it is not polled). */
    REMOVE("rem");

    private final String operation;

    Rule(String operation) {
      this.operation = operation;
    }

    /** The operation's name in move_card_entries.lua. */
    String operation() {
      return operation;
    }
  }

  public EntryChange {
    QueueArguments.requireCardId(cardId);
    QueueArguments.requireType(type);
    Objects.requireNonNull(rule, "rule");
    if (rule != Rule.REMOVE) {
      Objects.requireNonNull(at, "at");
    }
  }

  /** The check at its time, or sooner if the card is due sooner already. */
  public static EntryChange sooner(ScheduledCheck check) {
    return new EntryChange(check.cardId(), check.taskType(), Rule.SOONER, check.nextCheckAt());
  }

  /** The check at its time if the card is not in that queue yet. */
  public static EntryChange ifAbsent(ScheduledCheck check) {
    return new EntryChange(check.cardId(), check.taskType(), Rule.IF_ABSENT, check.nextCheckAt());
  }

  /** The card out of that task type's queue. */
  public static EntryChange remove(long cardId, TaskType type) {
    return new EntryChange(cardId, type, Rule.REMOVE, null);
  }
}
