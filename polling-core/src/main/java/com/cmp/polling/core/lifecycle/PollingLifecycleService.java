package com.cmp.polling.core.lifecycle;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.config.ConfigChanges;
import com.cmp.polling.core.config.PollingConfigManager;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.enrollment.EnrollmentPlan;
import com.cmp.polling.core.enrollment.EnrollmentPlan.NotPolled;
import com.cmp.polling.core.enrollment.Timing;
import com.cmp.polling.core.queue.EntryChange;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.schemas.task.TaskType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the polling queues in step with the life of a card: shared by every process, driven in
 * production by the change stream of the database. Create, enable and status change look at the
 * card's AND its device's {@code enable_polling} (a deleted device allows none) before queueing;
 * delete and disable only remove. Each call reads the card as it is now, so a late or repeated call
 * converges on the database's state: a redelivered create or enable leaves an already queued card
 * alone, a repeated delete or disable removes nothing more. A card that no longer exists (looked
 * for again briefly, see {@link LiveCards}) is treated as deleted.
 *
 * <p>The cards are planned first and then moved, each shard's cards in one script call over its
 * queues of every task type: a card changing config is never seen in no queue, nor in both its old
 * and new task types, and a batch costs one round trip to Redis after the planner's reads.
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
    move(cardIds, Timing.AFTER_INTERVAL, NOT_ENQUEUED);
  }

  /** Polling switched on for the card (or its device): queued again unless already queued. */
  public void onCardEnabled(long cardId) {
    move(List.of(cardId), Timing.AFTER_INTERVAL, NOT_ENQUEUED);
  }

  /**
   * A field that drives config matching changed (status, carrier, device; a device deleted counts
   * too, as it allows no polling): queued under the config that matches now, due at once, and out
   * of the task types that config does not have.
   */
  public void onCardStatusChanged(long cardId) {
    onBatchCardsStatusChanged(List.of(cardId));
  }

  /**
   * {@link #onCardStatusChanged} for many cards (an UPDATE of many rows, a wave of stops): one read
   * and one Redis pipeline for all of them.
   */
  public void onBatchCardsStatusChanged(Collection<Long> cardIds) {
    move(cardIds, Timing.NOW, NOT_REQUEUED);
  }

  /** Polling switched off: out of every queue. */
  public void onCardDisabled(long cardId) {
    queues.removeFromAllQueues(cardId);
    log.debug("card {} polling disabled: removed from all queues", cardId);
  }

  /** Deleted (soft or hard): out of every queue. */
  public void onCardDeleted(long cardId) {
    queues.removeFromAllQueues(cardId);
    log.debug("card {} deleted: removed from all queues", cardId);
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

  /**
   * Plans the cards as they are now, then moves them in one pipeline. An enrollment ({@code
   * AFTER_INTERVAL}) only adds what is missing: a queued card keeps its time or lease. A status
   * change ({@code NOW}) makes every task type of the new plan due now (an earlier due time stays)
   * and takes the card out of the others. A card gone from the database leaves every queue.
   */
  private void move(Collection<Long> cardIds, Timing timing, String notDone) {
    Set<Long> distinct = new LinkedHashSet<>(cardIds);
    if (distinct.isEmpty()) {
      return;
    }
    boolean statusChange = timing == Timing.NOW;
    List<Card> found = liveCards.read(distinct);
    List<EntryChange> changes = new ArrayList<>(distinct.size() * TaskType.values().length);
    if (found.size() < distinct.size()) {
      Set<Long> present = found.stream().map(Card::id).collect(Collectors.toSet());
      for (long missing : distinct) {
        if (!present.contains(missing)) {
          removeEverywhere(missing, changes);
          log.debug(
              "card {} no longer exists (deleted), {}: removed from its queues", missing, notDone);
        }
      }
    }
    List<EnrollmentPlan> plans = planner.plan(found, timing);
    for (int i = 0; i < plans.size(); i++) {
      EnrollmentPlan plan = plans.get(i);
      if (plan.isPolled()) {
        EnumSet<TaskType> planned = EnumSet.noneOf(TaskType.class);
        for (ScheduledCheck check : plan.checks()) {
          planned.add(check.taskType());
          changes.add(statusChange ? EntryChange.sooner(check) : EntryChange.ifAbsent(check));
        }
        if (statusChange) {
          EnumSet.complementOf(planned)
              .forEach(type -> changes.add(EntryChange.remove(plan.cardId(), type)));
        }
        log.debug(
            "card {} queued under config {} for {}",
            plan.cardId(),
            plan.config().id(),
            plan.taskTypes());
      } else {
        if (statusChange) {
          removeEverywhere(plan.cardId(), changes);
        }
        logNotPolled(found.get(i), plan.notPolled(), notDone, plan.skipReason());
      }
    }
    queues.move(changes);
  }

  private static void removeEverywhere(long cardId, List<EntryChange> changes) {
    for (TaskType type : TaskType.values()) {
      changes.add(EntryChange.remove(cardId, type));
    }
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
}
