package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.enrollment.CardEnrollment;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.handlers.config.HandlersProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The end of a check: the card's next time in its queue, taken from its config as matched now (the
 * check may have changed the card: a stopped card is {@code suspended}). Completion never brings
 * back a card that left the queue meanwhile.
 */
@Component
class Completion {

  private static final Logger log = LoggerFactory.getLogger(Completion.class);

  private final PollingQueueManager queues;
  private final CardLoader loader;
  private final CardStore cards;
  private final PollingConfigManager configs;
  private final CardEnrollment enrollment;
  private final ProtectionPeriods protection;
  private final HandlersProperties settings;
  private final Clock clock;

  Completion(
      PollingQueueManager queues,
      CardLoader loader,
      CardStore cards,
      PollingConfigManager configs,
      CardEnrollment enrollment,
      ProtectionPeriods protection,
      HandlersProperties settings,
      Clock clock) {
    this.queues = queues;
    this.loader = loader;
    this.cards = cards;
    this.configs = configs;
    this.enrollment = enrollment;
    this.protection = protection;
    this.settings = settings;
    this.clock = clock;
  }

  /**
   * Puts the card where {@code outcome} says, and returns what it did, for the metrics.
   *
   * @param deviceAllowsPolling the device's flag as the check found it
   */
  String finish(long cardId, TaskType type, CheckOutcome outcome, boolean deviceAllowsPolling) {
    return switch (outcome.kind()) {
      case RETRY_SOON -> {
        queues.complete(cardId, type, clock.instant().plus(settings.retryDelay()));
        yield "retry";
      }
      case LEAVE -> {
        queues.remove(cardId, type);
        log.info("card {} leaves the {} queue", cardId, type.code());
        yield "leave";
      }
      case NEXT -> next(cardId, type, deviceAllowsPolling, outcome.currentCard());
    };
  }

  private String next(long cardId, TaskType type, boolean deviceAllowsPolling, Card current) {
    // Unless the check vouches for the card it last read, read it again: the check may have
    // changed it (stopped: another config applies).
    Optional<Card> card = current != null ? Optional.of(current) : cards.findById(cardId);
    if (card.isEmpty() || !card.get().pollingEnabled() || !deviceAllowsPolling) {
      loader.forget(cardId);
      drop(cardId, type, card.isEmpty() ? "it is gone" : "its polling is disabled");
      return "dropped";
    }
    Optional<PollingConfig> config = configs.match(card.get());
    // Only the protect check's interval depends on a protection period: no Redis call for others.
    boolean protectedCard = type == TaskType.PROTECT && protection.isProtected(cardId);
    Optional<Instant> next = config.flatMap(c -> enrollment.nextCheck(c, type, protectedCard));
    if (next.isEmpty()) {
      queues.remove(cardId, type);
      log.info(
          "card {} leaves the {} queue: {}",
          cardId,
          type.code(),
          config
              .map(c -> "its config '" + c.name() + "' turns that check off")
              .orElse("no config matches it"));
      return "leave";
    }
    if (!queues.complete(cardId, type, next.get())) {
      log.debug(
          "card {} left the {} queue while it was checked: not put back", cardId, type.code());
    }
    return "next";
  }

  /** A card that must not be polled: out of every queue, for good. */
  void drop(long cardId, TaskType type, String why) {
    if (why.equals("it is gone")) {
      queues.onCardDeleted(cardId);
    } else {
      queues.removeFromAllQueues(cardId);
    }
    log.info(
        "{} check of card {} dropped: {}; the card leaves every queue", type.code(), cardId, why);
  }
}
