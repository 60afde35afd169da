package com.cmp.polling.core.lifecycle;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.ConfigChanges;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.enrollment.EnrollmentPlan.NotPolled;
import com.cmp.polling.core.enrollment.Timing;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the polling queues in step with the life of a card (seed 000 M3, seed 003 card lifecycle
 * callbacks, seed 004 decision 10): shared by every process, driven in production by the change
 * stream of the database. Create, enable and status change look at the card's AND its device's
 * {@code enable_polling} (a deleted device allows none) before queueing; delete and disable only
 * remove. Each call reads the card as it is now, so a late or repeated call converges on the
 * database's state: a redelivered create or enable leaves an already queued card alone, a repeated
 * delete or disable removes nothing more. A card that no longer exists (looked for again briefly,
 * see {@link LiveCards}) is treated as deleted.
 */
public class PollingLifecycleService {

  private static final Logger log = LoggerFactory.getLogger(PollingLifecycleService.class);
  private static final String NOT_ENQUEUED = "not enqueued";
  private static final String NOT_REQUEUED = "not requeued";

  private final LiveCards liveCards;
  private final CardPlanner planner;
  private final PollingQueueManager queues;
  private final PollingConfigManager configs;

  public PollingLifecycleService(
      CardStore cards,
      CardPlanner planner,
      PollingQueueManager queues,
      PollingConfigManager configs) {
    this.liveCards = new LiveCards(cards);
    this.planner = planner;
    this.queues = queues;
    this.configs = configs;
  }

  /** A new card: queued for each task type of its config, first checks one interval from now. */
  public void onCardCreated(long cardId) {
    onBatchCardsCreated(List.of(cardId));
  }

  /** Many new cards (a bulk import): three queries and one Redis pipeline for all of them. */
  public void onBatchCardsCreated(Collection<Long> cardIds) {
    enroll(cardIds, Timing.AFTER_INTERVAL, NOT_ENQUEUED);
  }

  /** Polling switched on for the card (or its device): queued again unless already queued. */
  public void onCardEnabled(long cardId) {
    enroll(List.of(cardId), Timing.AFTER_INTERVAL, NOT_ENQUEUED);
  }

  /**
   * A field that drives config matching changed: out of every queue and out of the card cache (the
   * carrier or the device may be what changed), then queued again under the config that matches
   * now, due at once (seed 000: {@code Requeue(..., time.Now())}).
   */
  public void onCardStatusChanged(long cardId) {
    onBatchCardsStatusChanged(List.of(cardId));
  }

  /**
   * {@link #onCardStatusChanged} for many cards (an UPDATE of many rows, a wave of stops): one
   * removal pipeline per card, then one read and one Redis pipeline for all of them.
   */
  public void onBatchCardsStatusChanged(Collection<Long> cardIds) {
    Set<Long> distinct = new LinkedHashSet<>(cardIds);
    if (distinct.isEmpty()) {
      return;
    }
    distinct.forEach(queues::onCardChanged);
    List<Card> found = liveCards.read(distinct);
    if (found.size() < distinct.size()) {
      Set<Long> present = found.stream().map(Card::id).collect(Collectors.toSet());
      distinct.stream()
          .filter(id -> !present.contains(id))
          .forEach(id -> forgetMissing(id, NOT_REQUEUED));
    }
    queues.requeueAll(plan(found, Timing.NOW, NOT_REQUEUED), false);
  }

  /**
   * The card's device was soft-deleted: like {@link #onCardStatusChanged}, out of every queue and
   * the card cache, then queued again only if the database says it is still polled. A card still in
   * the deleted device is not (its device allows no polling); one already moved to a live device or
   * out of any device by the time this runs is queued again, so the order in which the device's and
   * the card's own changes arrive does not matter.
   */
  public void onCardDeviceDeleted(long cardId) {
    onBatchCardsStatusChanged(List.of(cardId));
  }

  /** Polling switched off: out of every queue; the card cache stays. */
  public void onCardDisabled(long cardId) {
    queues.removeFromAllQueues(cardId);
    log.debug("card {} polling disabled: removed from all queues", cardId);
  }

  /** Deleted (soft or hard): out of every queue, and its cache gone. */
  public void onCardDeleted(long cardId) {
    queues.onCardDeleted(cardId);
    log.debug("card {} deleted: removed from all queues, cache dropped", cardId);
  }

  /**
   * A polling config was added, changed or removed: the configs are read again at once, and every
   * other process is told to do the same. The cards concerned are re-enrolled by whoever listens to
   * the config manager ({@link ConfigReenrollment}).
   *
   * @return what changed here (nothing, when this change was already loaded)
   */
  public ConfigChanges onConfigChanged() {
    ConfigChanges changes = configs.refreshNow();
    configs.announceChange();
    return changes;
  }

  /** Create and enable: cards already queued keep their times (ZADD NX). */
  private void enroll(Collection<Long> cardIds, Timing timing, String notDone) {
    if (cardIds.isEmpty()) {
      return;
    }
    List<Card> found = liveCards.read(cardIds);
    if (found.size() < new HashSet<>(cardIds).size()) {
      Set<Long> present = found.stream().map(Card::id).collect(Collectors.toSet());
      cardIds.stream()
          .distinct()
          .filter(id -> !present.contains(id))
          .forEach(id -> forgetMissing(id, notDone));
    }
    queues.requeueAll(plan(found, timing, notDone), true);
  }

  private List<ScheduledCheck> plan(List<Card> found, Timing timing, String notDone) {
    List<ScheduledCheck> checks = new ArrayList<>(found.size() * 3);
    List<EnrollmentPlan> plans = planner.plan(found, timing);
    for (int i = 0; i < plans.size(); i++) {
      EnrollmentPlan plan = plans.get(i);
      if (plan.isPolled()) {
        checks.addAll(plan.checks());
        log.debug(
            "card {} queued under config {} for {}",
            plan.cardId(),
            plan.config().id(),
            plan.taskTypes());
      } else {
        logNotPolled(found.get(i), plan.notPolled(), notDone, plan.skipReason());
      }
    }
    return checks;
  }

  private static void logNotPolled(Card card, NotPolled why, String notDone, String reason) {
    switch (why) {
      case CARD_POLLING_OFF ->
          log.debug("card polling disabled, {}: cardID={}", notDone, card.id());
      case DEVICE_DELETED ->
          log.info(
              "card {} {}: its device {} is deleted; not polled until it moves to a live device"
                  + " or out of it",
              card.id(),
              notDone,
              card.deviceId());
      case DEVICE_POLLING_OFF ->
          log.debug(
              "device polling disabled, {}: deviceID={}, cardID={}",
              notDone,
              card.deviceId(),
              card.id());
      case NO_CONFIG -> log.debug("{}: {}", notDone, reason);
    }
  }

  private void forgetMissing(long cardId, String notDone) {
    queues.onCardDeleted(cardId);
    log.debug("card {} no longer exists (deleted), {}: removed from all queues", cardId, notDone);
  }
}
