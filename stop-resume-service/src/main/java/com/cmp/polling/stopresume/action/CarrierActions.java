package com.cmp.polling.stopresume.action;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.NetworkStatus;
import com.cmp.polling.core.stopresumelog.AttemptResult;
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
import org.springframework.core.retry.RetryException;
import org.springframework.core.retry.RetryListener;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryState;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.core.retry.Retryable;
import org.springframework.dao.DataAccessException;

/**
 * Stops or starts one card at the carrier, safely: tried again with back-off as the {@link
 * CarrierRetry} policy says (Spring's {@link RetryTemplate}), every attempt written to
 * tb_stop_resume_log, the card row changed only after the carrier confirmed. Deciding is someone
 * else's job.
 *
 * <p>An attempt's row says whether it was retried ({@code error}) or was the last ({@code failed},
 * {@code success}), so it is written once the template has decided: just before the retry, or when
 * the template gives up. Tests give the policy a back-off of a few milliseconds.
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
  private final RetryTemplate retry;
  private final StopResumeMetrics metrics;

  /**
   * @param retry when to try again, e.g. {@link CarrierRetry#policy}
   */
  public CarrierActions(
      CarrierGateway gateway,
      CardStore cards,
      StopResumeLogStore attemptLog,
      RetryPolicy retry,
      StopResumeMetrics metrics) {
    this.gateway = gateway;
    this.cards = cards;
    this.attemptLog = attemptLog;
    this.metrics = metrics;
    this.retry = new RetryTemplate(retry);
    this.retry.setRetryListener(new RetriedAttempts());
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
    RequestedAction action = new RequestedAction(card, type, reasons, trigger);
    CarrierCard target;
    try {
      target = CarrierCard.of(card);
    } catch (IllegalArgumentException e) {
      log.error("{} card {} impossible: {}", type.code(), card.id(), e.getMessage());
      metrics.action(type, action.reason(), trigger, false);
      return action.result(false, 0, e.getMessage(), false);
    }
    CarrierCall call = new CarrierCall(action, target);
    try {
      retry.execute(call);
    } catch (RetryException e) {
      return gaveUp(call, e);
    }
    return confirm(action, call.attempts);
  }

  /**
   * The last attempt failed: not worth retrying, the attempts were used up, or the thread was
   * interrupted while it waited to retry.
   */
  private ActionResult gaveUp(CarrierCall call, RetryException e) {
    if (!(e.getLastException() instanceof GatewayException failure)) {
      // Not an answer of the carrier (a bug, an unexpected failure): the caller sees it as it was.
      throw e.getLastException() instanceof RuntimeException unexpected
          ? unexpected
          : new IllegalStateException(call.getName() + " failed", e.getLastException());
    }
    RequestedAction action = call.action;
    boolean interrupted = Thread.currentThread().isInterrupted();
    String error =
        interrupted
            ? "interrupted while waiting to retry: " + failure.getMessage()
            : failure.getMessage();
    record(action, AttemptResult.FAILED, call.attempts, error);
    log.error(
        "{} {} ({}) failed after {} attempt(s), card left as it was: {}",
        action.type().code(),
        call.target,
        action.reason().code(),
        call.attempts,
        error);
    metrics.action(action.type(), action.reason(), action.trigger(), false);
    return action.result(false, call.attempts, error, interrupted || failure.isRetryable());
  }

  /**
   * The carrier did it: now the success row (from which the listener derives the card action), the
   * card row and the counters. If the database fails here the carrier and the card row disagree
   * until the next check repeats the action (stop and start are idempotent at the carrier):
   * reported as a retryable failure. A success row written before the failure still becomes a card
   * action, which is true: the carrier did act.
   */
  private ActionResult confirm(RequestedAction action, int attempts) {
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

  /** One stop or start at the carrier; run by the template once per attempt. */
  private final class CarrierCall implements Retryable<Void> {
    private final RequestedAction action;
    private final CarrierCard target;
    private int attempts;

    CarrierCall(RequestedAction action, CarrierCard target) {
      this.action = action;
      this.target = target;
    }

    @Override
    public Void execute() {
      attempts++;
      if (action.type() == CardActionType.STOP) {
        gateway.stop(target);
      } else {
        gateway.start(target);
      }
      return null;
    }

    @Override
    public String getName() {
      return action.type().code() + " " + target;
    }
  }

  /** Writes the row of each attempt the template tries again, just before the retry. */
  private final class RetriedAttempts implements RetryListener {
    @Override
    public void beforeRetry(RetryPolicy policy, Retryable<?> retryable, RetryState state) {
      CarrierCall call = (CarrierCall) retryable;
      String error = state.getLastException().getMessage();
      record(call.action, AttemptResult.ERROR, call.attempts, error);
      log.warn(
          "{} {} attempt {} failed, retrying: {}",
          call.action.type().code(),
          call.target,
          call.attempts,
          error);
    }
  }
}
