package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.PollingConfig;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.enrollment.CardEnrollment;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.handlers.base.CheckOutcome.Kind;
import com.cmp.polling.handlers.config.HandlersProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
  private final LastChecks lastChecks;
  private final Clock clock;

  Completion(
      PollingQueueManager queues,
      CardLoader loader,
      CardStore cards,
      PollingConfigManager configs,
      CardEnrollment enrollment,
      ProtectionPeriods protection,
      HandlersProperties settings,
      LastChecks lastChecks,
      Clock clock) {
    this.queues = queues;
    this.loader = loader;
    this.cards = cards;
    this.configs = configs;
    this.enrollment = enrollment;
    this.protection = protection;
    this.settings = settings;
    this.lastChecks = lastChecks;
    this.clock = clock;
  }

  /**
   * Puts the card where {@code outcome} says, and returns what it did, for the metrics.
   *
   * @param deviceAllowsPolling the device's flag as the check found it
   */
  String finish(long cardId, TaskType type, CheckOutcome outcome, boolean deviceAllowsPolling) {
    String done = finishOne(cardId, type, outcome, deviceAllowsPolling);
    lastChecks.record(type, Map.of(cardId, done));
    return done;
  }

  private String finishOne(
      long cardId, TaskType type, CheckOutcome outcome, boolean deviceAllowsPolling) {
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

  /** What a check asks of its card's queue, with the device's flag as the check found it. */
  record Finish(long cardId, CheckOutcome outcome, boolean deviceAllowsPolling) {}

  /**
   * {@link #finish} for the checks of a poll: retries, and next checks of cards the check vouches
   * for (still polled, config asking for this check), go back to their queues in one call; the
   * others (leaving, dropped, the card to read again) one by one.
   *
   * @return what was done, by card id; "failed" when the queues could not be written (the card
   *     stays leased and comes due again when its lease ends)
   */
  Map<Long, String> finishAll(TaskType type, List<Finish> finishes) {
    Map<Long, String> done = new HashMap<>(finishes.size() * 2);
    List<ScheduledCheck> completions = new ArrayList<>(finishes.size());
    Instant now = clock.instant();
    for (Finish finish : finishes) {
      Optional<Instant> next = plainNext(type, finish, now);
      if (next.isPresent()) {
        completions.add(new ScheduledCheck(finish.cardId(), type, next.get()));
        done.put(finish.cardId(), finish.outcome().kind() == Kind.RETRY_SOON ? "retry" : "next");
        continue;
      }
      try {
        done.put(
            finish.cardId(),
            finishOne(finish.cardId(), type, finish.outcome(), finish.deviceAllowsPolling()));
      } catch (RuntimeException e) {
        log.error("completion of the {} check of card {} failed", type.code(), finish.cardId(), e);
        done.put(finish.cardId(), "failed");
      }
    }
    if (!completions.isEmpty()) {
      try {
        queues.completeAll(completions);
      } catch (RuntimeException e) {
        log.error(
            "{} {} cards not put back in their queue; they come due again when their lease ends",
            completions.size(),
            type.code(),
            e);
        completions.forEach(c -> done.put(c.cardId(), "failed"));
      }
    }
    lastChecks.record(type, done);
    return done;
  }

  /**
   * The next time of a card whose completion needs nothing but its queue; empty when it needs more
   * (leaving its queue, dropped, read again, a protection period to look at).
   */
  private Optional<Instant> plainNext(TaskType type, Finish finish, Instant now) {
    CheckOutcome outcome = finish.outcome();
    if (outcome.kind() == Kind.RETRY_SOON) {
      return Optional.of(now.plus(settings.retryDelay()));
    }
    Card card = outcome.currentCard();
    if (outcome.kind() != Kind.NEXT
        || card == null
        || !card.pollingEnabled()
        || card.deviceDeleted()
        || !finish.deviceAllowsPolling()
        || type == TaskType.PROTECT) {
      return Optional.empty();
    }
    return configs.match(card).flatMap(config -> enrollment.nextCheck(config, type, false));
  }

  private String next(long cardId, TaskType type, boolean deviceAllowsPolling, Card current) {
    // Unless the check vouches for the card it last read, read it again: the check may have
    // changed it (stopped: another config applies).
    Optional<Card> card = current != null ? Optional.of(current) : cards.findById(cardId);
    if (card.isEmpty()
        || !card.get().pollingEnabled()
        || card.get().deviceDeleted()
        || !deviceAllowsPolling) {
      loader.forget(cardId);
      drop(cardId, type, card.isEmpty() ? "it is gone" : notPolledReason(card.get()));
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

  private static String notPolledReason(Card card) {
    return card.deviceDeleted()
        ? "its device " + card.deviceId() + " is deleted"
        : "its polling is disabled";
  }
}
