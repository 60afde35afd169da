package com.cmp.polling.stopresume.action;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.NetworkStatus;
import com.cmp.polling.core.stopresumelog.AttemptResult;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.action.CarrierCall.Target;
import com.cmp.polling.stopresume.gateway.GatewayException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * What each card's attempts leave behind, for {@link CarrierActions}: a tb_stop_resume_log row per
 * attempt, the card row once the carrier confirmed, the counters, a log line, the card's result.
 */
final class ActionRecords {

  private static final Logger log = LoggerFactory.getLogger(ActionRecords.class);

  private final CardStore cards;
  private final StopResumeLogStore attemptLog;
  private final StopResumeMetrics metrics;

  ActionRecords(CardStore cards, StopResumeLogStore attemptLog, StopResumeMetrics metrics) {
    this.cards = cards;
    this.attemptLog = attemptLog;
    this.metrics = metrics;
  }

  /** The card cannot be addressed at the carrier (no ICCID): no attempt, no row. */
  ActionResult impossible(RequestedAction action, String problem) {
    log.error("{} card {} impossible: {}", action.type().code(), action.card().id(), problem);
    metrics.action(action.type(), action.reason(), action.trigger(), false);
    return action.result(false, 0, problem, false);
  }

  /** An attempt failed in a way that may pass and the card is tried again: its row. */
  void retried(Target target, GatewayException failure, int attempt) {
    RequestedAction action = target.action();
    record(action, AttemptResult.ERROR, attempt, failure.getMessage());
    log.warn(
        "{} {} attempt {} failed, retrying: {}",
        action.type().code(),
        target.card(),
        attempt,
        failure.getMessage());
  }

  /** The card's last attempt failed: its row, its log line, its result. */
  ActionResult gaveUp(Target target, GatewayException failure, int attempts, boolean interrupted) {
    RequestedAction action = target.action();
    String error =
        interrupted
            ? "interrupted while waiting to retry: " + failure.getMessage()
            : failure.getMessage();
    record(action, AttemptResult.FAILED, attempts, error);
    log.error(
        "{} {} ({}) failed after {} attempt(s), card left as it was: {}",
        action.type().code(),
        target.card(),
        action.reason().code(),
        attempts,
        error);
    metrics.action(action.type(), action.reason(), action.trigger(), false);
    return action.result(false, attempts, error, interrupted || failure.isRetryable());
  }

  /**
   * The carrier did it: now the success row (from which the listener derives the card action), the
   * card row and the counters. If the database fails here the carrier and the card row disagree
   * until the next check repeats the action (stop and start are idempotent at the carrier):
   * reported as a retryable failure. A success row written before the failure still becomes a card
   * action, which is true: the carrier did act.
   */
  ActionResult confirmed(RequestedAction action, int attempts) {
    Card card = action.card();
    CardActionType type = action.type();
    StopReason reason = action.reason();
    boolean updated;
    try {
      record(action, AttemptResult.SUCCESS, attempts, null);
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
      metrics.action(type, reason, action.trigger(), false);
      return action.result(false, attempts, error, true);
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
        action.trigger().code(),
        attempts);
    metrics.action(type, reason, action.trigger(), true);
    return action.result(true, attempts, null, false);
  }

  private void record(RequestedAction action, AttemptResult result, int attempt, String error) {
    attemptLog.insert(action.attempt(result, attempt, error));
    metrics.attempt(action.type(), result);
  }
}
