package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.LoadedCard;
import java.util.Optional;

/** Why a card is dropped from every queue instead of being checked or put back. */
enum DropReason {
  /** The card does not exist or is deleted. */
  GONE("it is gone", TaskResult.DROPPED_GONE),
  /** The card, or its device, turned polling off. */
  POLLING_DISABLED("its polling is disabled", TaskResult.DROPPED_POLLING_DISABLED),
  /** The card's device is soft-deleted: it allows no polling (same result as switched off). */
  DEVICE_DELETED("its device is deleted", TaskResult.DROPPED_POLLING_DISABLED);

  private final String why;
  private final TaskResult result;

  DropReason(String why, TaskResult result) {
    this.why = why;
    this.result = result;
  }

  /** Why a card just read (empty: not found) is not polled; only for a card that is not. */
  static DropReason of(Optional<Card> card) {
    if (card.isEmpty()) {
      return GONE;
    }
    return card.get().deviceDeleted() ? DEVICE_DELETED : POLLING_DISABLED;
  }

  /** Why a card as a poll loaded it (empty: not found) is not polled. */
  static DropReason ofLoaded(Optional<LoadedCard> card) {
    return of(card.map(LoadedCard::card));
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
