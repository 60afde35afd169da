package com.cmp.polling.stopresume;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.lock.HeldLock;
import com.cmp.polling.core.lock.OperationLocks;
import com.cmp.polling.core.protection.DesiredState;
import com.cmp.polling.core.protection.ProtectionPeriods;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.action.ActionResult;
import com.cmp.polling.stopresume.action.CarrierActions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops and resumes asked for by people, and the protection periods they set: an operator's stop or
 * resume, optionally followed by a period during which the rules leave the card alone and the
 * protect check enforces the operator's choice ({@link #enforceProtection}).
 */
public class OperatorActions {

  /** The longest protection period an operator may set. */
  public static final Duration MAX_PROTECTION = Duration.ofDays(30);

  private static final Logger log = LoggerFactory.getLogger(OperatorActions.class);

  private final CardStore cards;
  private final CarrierActions actions;
  private final ProtectionPeriods protection;
  private final OperationLocks locks;
  private final PollingQueueManager queues;
  private final StopResumeSettings settings;
  private final Clock clock;

  public OperatorActions(
      CardStore cards,
      CarrierActions actions,
      ProtectionPeriods protection,
      OperationLocks locks,
      PollingQueueManager queues,
      StopResumeSettings settings,
      Clock clock) {
    this.cards = cards;
    this.actions = actions;
    this.protection = protection;
    this.locks = locks;
    this.queues = queues;
    this.settings = settings;
    this.clock = clock;
  }

  /**
   * Stops the card with stop reason {@code manual}; with a positive {@code protectFor}, keeps it
   * stopped for that long whatever the rules say.
   *
   * @throws IllegalArgumentException for a negative period or one over {@link #MAX_PROTECTION},
   *     before anything is done
   * @throws CardNotFoundException, CardBusyException, CarrierActionFailedException
   * @throws ProtectionNotRecordedException when the card was stopped but Redis did not take the
   *     period (or the end of the previous one)
   */
  public ActionResult stopManually(long cardId, Duration protectFor) {
    return act(cardId, DesiredState.STOPPED, protectFor);
  }

  /**
   * Resumes the card, whatever it was stopped for; with a positive {@code protectFor}, keeps it
   * online for that long whatever the rules say.
   *
   * @throws IllegalArgumentException for a negative period or one over {@link #MAX_PROTECTION},
   *     before anything is done
   * @throws CardNotFoundException, CardBusyException, CarrierActionFailedException
   * @throws ProtectionNotRecordedException when the card was resumed but Redis did not take the
   *     period (or the end of the previous one)
   */
  public ActionResult resumeManually(long cardId, Duration protectFor) {
    return act(cardId, DesiredState.ONLINE, protectFor);
  }

  private ActionResult act(long cardId, DesiredState desired, Duration protectFor) {
    requireValidPeriod(cardId, protectFor);
    Card card = load(cardId);
    String lockKey = StopResumeService.lockKey(card);
    HeldLock lock =
        locks
            .acquire(lockKey, settings.lockTtl(), settings.operatorLockWait())
            .orElseThrow(() -> new CardBusyException(cardId, lockKey));
    try (lock) {
      ActionResult result = move(load(cardId), desired, ActionTrigger.OPERATOR);
      if (protectFor != null && !protectFor.isZero() && !protectFor.isNegative()) {
        protect(cardId, desired, protectFor, result);
      } else {
        // The operator's latest word wins: an older period must not force the card back.
        endPeriod(cardId, result);
      }
      return result;
    }
  }

  /** Checked before anything is done: a period Redis refuses would fail after the carrier acted. */
  private static void requireValidPeriod(long cardId, Duration protectFor) {
    if (protectFor != null
        && (protectFor.isNegative() || protectFor.compareTo(MAX_PROTECTION) > 0)) {
      throw new IllegalArgumentException(
          "protection period of card "
              + cardId
              + " must be from 0 to "
              + MAX_PROTECTION.toSeconds()
              + " s, was "
              + protectFor.toSeconds()
              + " s");
    }
  }

  private void protect(long cardId, DesiredState desired, Duration period, ActionResult done) {
    try {
      protection.protect(cardId, desired, period);
      queues.requeue(cardId, TaskType.PROTECT, clock.instant().plus(settings.protectCheckDelay()));
      log.info("card {} protected for {}: stays {}", cardId, period, desired.code());
    } catch (RuntimeException e) {
      throw new ProtectionNotRecordedException(done, period, e);
    }
  }

  private void endPeriod(long cardId, ActionResult done) {
    try {
      protection.end(cardId);
    } catch (RuntimeException e) {
      throw new ProtectionNotRecordedException(done, Duration.ZERO, e);
    }
  }

  /**
   * The protect check's correction: while a protection period runs and the carrier reports a state
   * other than the desired one, forces the desired state back.
   *
   * @param onlineAtCarrier what the carrier just reported
   * @return what was done
   */
  public ProtectionCheck enforceProtection(long cardId, boolean onlineAtCarrier) {
    return enforceProtection(cardId, onlineAtCarrier, protection.desiredState(cardId));
  }

  /**
   * The protection of many cards as their keys hold it now, one round trip for all (the protect
   * check reads its poll's cards so): the desired state of each card under a period, empty for a
   * key nobody can read; cards without a period are missing.
   */
  public Map<Long, Optional<DesiredState>> protectionOf(List<Long> cardIds) {
    return protection.desiredStates(cardIds);
  }

  /**
   * {@link #enforceProtection(long, boolean)} with the desired state as the caller just read it
   * ({@link #protectionOf}); read again under the lock before anything is forced.
   */
  public ProtectionCheck enforceProtection(
      long cardId, boolean onlineAtCarrier, Optional<DesiredState> desiredAsRead) {
    Optional<DesiredState> desired = desiredAsRead;
    if (desired.isEmpty()) {
      return ProtectionCheck.NOT_PROTECTED;
    }
    if ((desired.get() == DesiredState.ONLINE) == onlineAtCarrier) {
      return ProtectionCheck.IN_LINE;
    }
    Card card = load(cardId);
    Optional<HeldLock> lock = locks.tryAcquire(StopResumeService.lockKey(card), settings.lockTtl());
    if (lock.isEmpty()) {
      return ProtectionCheck.BUSY;
    }
    try (HeldLock held = lock.get()) {
      // An operator may have changed or ended the period while we waited for the lock.
      desired = protection.desiredState(cardId);
      if (desired.isEmpty()) {
        return ProtectionCheck.NOT_PROTECTED;
      }
      if ((desired.get() == DesiredState.ONLINE) == onlineAtCarrier) {
        return ProtectionCheck.IN_LINE;
      }
      log.warn(
          "forcing card {} {}: the protection period wants it {}, the carrier reports it {}",
          cardId,
          desired.get() == DesiredState.ONLINE ? "online" : "stopped",
          desired.get().code(),
          onlineAtCarrier ? "online" : "stopped");
      move(load(cardId), desired.get(), ActionTrigger.PROTECTION);
      return ProtectionCheck.CORRECTED;
    }
  }

  private ActionResult move(Card card, DesiredState desired, ActionTrigger trigger) {
    ActionResult result =
        desired == DesiredState.STOPPED
            ? actions.stop(card, StopReason.MANUAL, trigger)
            : actions.resume(card, StopReason.MANUAL, trigger);
    if (!result.success()) {
      throw new CarrierActionFailedException(List.of(result));
    }
    return result;
  }

  private Card load(long cardId) {
    return StopResumeService.load(cards, cardId);
  }

  /** The outcomes of {@link #enforceProtection}. */
  public enum ProtectionCheck {
    /** No protection period (any more): the rules apply again. */
    NOT_PROTECTED,
    /** The carrier's state is the desired one. */
    IN_LINE,
    /** The desired state was forced back. */
    CORRECTED,
    /** Another stop/resume holds the card's lock; the next protect check tries again. */
    BUSY
  }
}
