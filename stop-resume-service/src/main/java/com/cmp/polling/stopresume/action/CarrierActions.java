package com.cmp.polling.stopresume.action;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.NetworkStatus;
import com.cmp.polling.core.stopresumelog.AttemptResult;
import com.cmp.polling.core.stopresumelog.StopResumeLogEntry;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.gateway.CarrierCard;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.GatewayException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * Stops or starts one card at the carrier, safely: up to {@link RetryPolicy#attempts()} tries with
 * back-off, every attempt written to tb_stop_resume_log, the card row changed only after the
 * carrier confirmed. Deciding is someone else's job.
 *
 * <p>Nothing is published from here: the success row is the outbox. The lifecycle listener reads
 * tb_stop_resume_log's change stream and derives {@code polling.card.actions} from it, so an action
 * is on the topic exactly when its success row is committed, whether or not Kafka answers now.
 */
public class CarrierActions {

  private static final Logger log = LoggerFactory.getLogger(CarrierActions.class);

  private final CarrierGateway gateway;
  private final CardStore cards;
  private final StopResumeLogStore attemptLog;
  private final RetryPolicy retry;
  private final Sleeper sleeper;
  private final StopResumeMetrics metrics;

  public CarrierActions(
      CarrierGateway gateway,
      CardStore cards,
      StopResumeLogStore attemptLog,
      RetryPolicy retry,
      Sleeper sleeper,
      StopResumeMetrics metrics) {
    this.gateway = gateway;
    this.cards = cards;
    this.attemptLog = attemptLog;
    this.retry = retry;
    this.sleeper = sleeper;
    this.metrics = metrics;
  }

  /** Stops the card and records {@code reason} as its stop reason. */
  public ActionResult stop(Card card, StopReason reason, ActionTrigger trigger) {
    return stop(card, List.of(reason), trigger);
  }

  /**
   * Stops the card for the first of {@code reasons} (its stop reason) and logs them all: every
   * reason that held for the card, highest priority first.
   */
  public ActionResult stop(Card card, List<StopReason> reasons, ActionTrigger trigger) {
    return perform(card, CardActionType.STOP, reasons, trigger);
  }

  /**
   * Starts the card and clears its stop reason.
   *
   * @param lifted the reason the card was stopped for (for the log), or manual
   */
  public ActionResult resume(Card card, StopReason lifted, ActionTrigger trigger) {
    return perform(card, CardActionType.RESUME, List.of(lifted), trigger);
  }

  private ActionResult perform(
      Card card, CardActionType type, List<StopReason> reasons, ActionTrigger trigger) {
    StopReason reason = reasons.get(0);
    CarrierCard target;
    try {
      target = CarrierCard.of(card);
    } catch (IllegalArgumentException e) {
      log.error("{} card {} impossible: {}", type.code(), card.id(), e.getMessage());
      metrics.action(type, reason, trigger, false);
      return result(card, type, reasons, trigger, false, 0, e.getMessage(), false);
    }
    for (int attempt = 1; ; attempt++) {
      try {
        if (type == CardActionType.STOP) {
          gateway.stop(target);
        } else {
          gateway.start(target);
        }
      } catch (GatewayException e) {
        boolean last = attempt >= retry.attempts() || !e.isRetryable();
        record(
            card,
            type,
            reasons,
            trigger,
            last ? AttemptResult.FAILED : AttemptResult.ERROR,
            attempt,
            e.getMessage());
        if (last) {
          log.error(
              "{} {} ({}) failed after {} attempt(s), card left as it was: {}",
              type.code(),
              target,
              reason.code(),
              attempt,
              e.getMessage());
          metrics.action(type, reason, trigger, false);
          return result(
              card, type, reasons, trigger, false, attempt, e.getMessage(), e.isRetryable());
        }
        log.warn(
            "{} {} attempt {} failed, retrying in {} ms: {}",
            type.code(),
            target,
            attempt,
            retry.backoffAfter(attempt).toMillis(),
            e.getMessage());
        if (!pause(attempt)) {
          String error = "interrupted while waiting to retry";
          record(card, type, reasons, trigger, AttemptResult.FAILED, attempt, error);
          metrics.action(type, reason, trigger, false);
          return result(card, type, reasons, trigger, false, attempt, error, true);
        }
        continue;
      }
      return confirm(card, type, reasons, trigger, attempt);
    }
  }

  /**
   * The carrier did it: now the success row (from which the listener derives the card action), the
   * card row and the counters. If the database fails here the carrier and the card row disagree
   * until the next check repeats the action (stop and start are idempotent at the carrier):
   * reported as a retryable failure. A success row written before the failure still becomes a card
   * action, which is true: the carrier did act.
   */
  private ActionResult confirm(
      Card card,
      CardActionType type,
      List<StopReason> reasons,
      ActionTrigger trigger,
      int attempts) {
    StopReason reason = reasons.get(0);
    boolean updated;
    try {
      record(card, type, reasons, trigger, AttemptResult.SUCCESS, attempts, null);
      updated =
          type == CardActionType.STOP
              ? cards.updateNetworkStatus(card.id(), NetworkStatus.STOPPED, reason.code())
              : cards.updateNetworkStatus(card.id(), NetworkStatus.ONLINE, null);
    } catch (DataAccessException e) {
      String error =
          "the carrier confirmed the "
              + type.code()
              + " but the database did not record it: "
              + e.getMessage();
      log.error("card {}: {}; the next check repeats the {}", card.id(), error, type.code(), e);
      metrics.action(type, reason, trigger, false);
      return result(card, type, reasons, trigger, false, attempts, error, true);
    }
    if (!updated) {
      log.warn(
          "card {} was {} at the carrier but is gone from the database", card.id(), type.code());
    }
    log.info(
        "{} card {}{}: {} ({}, {} attempt(s))",
        type == CardActionType.STOP ? "stopped" : "resumed",
        card.id(),
        card.inDevice() ? " (device " + card.deviceId() + ")" : "",
        reason.code(),
        trigger.code(),
        attempts);
    metrics.action(type, reason, trigger, true);
    return result(card, type, reasons, trigger, true, attempts, null, false);
  }

  private boolean pause(int attempt) {
    try {
      sleeper.sleep(retry.backoffAfter(attempt));
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private void record(
      Card card,
      CardActionType type,
      List<StopReason> reasons,
      ActionTrigger trigger,
      AttemptResult result,
      int attempt,
      String error) {
    attemptLog.insert(
        new StopResumeLogEntry(
            card.id(),
            card.deviceId(),
            type,
            reasons.get(0),
            reasons,
            trigger,
            result,
            attempt,
            error,
            null));
    metrics.attempt(type, result);
  }

  private static ActionResult result(
      Card card,
      CardActionType type,
      List<StopReason> reasons,
      ActionTrigger trigger,
      boolean success,
      int attempts,
      String error,
      boolean retryable) {
    return new ActionResult(
        card.id(),
        card.deviceId(),
        type,
        reasons.get(0),
        reasons,
        trigger,
        success,
        attempts,
        error,
        retryable);
  }
}
