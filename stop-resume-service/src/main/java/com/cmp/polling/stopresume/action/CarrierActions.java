package com.cmp.polling.stopresume.action;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
import com.cmp.polling.core.card.NetworkStatus;
import com.cmp.polling.core.stopresumelog.AttemptResult;
import com.cmp.polling.core.stopresumelog.StopResumeLogStore;
import com.cmp.polling.schemas.action.ActionTrigger;
import com.cmp.polling.schemas.action.CardActionType;
import com.cmp.polling.schemas.action.StopReason;
import com.cmp.polling.stopresume.action.CarrierCall.Target;
import com.cmp.polling.stopresume.gateway.CallPlan;
import com.cmp.polling.stopresume.gateway.CarrierCard;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.CarrierOperation;
import com.cmp.polling.stopresume.gateway.GatewayException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
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
 * Stops or starts cards at the carrier, safely: tried again with back-off as the {@link
 * CarrierRetry} policy says (Spring's {@link RetryTemplate}), every attempt of every card written
 * to tb_stop_resume_log, a card row changed only after the carrier confirmed it. Deciding is
 * someone else's job.
 *
 * <p>Many cards of one carrier share its batch calls where it has them ({@link
 * CarrierGateway#batchSize}): one {@link CarrierCall} per call, whose attempts ask again only for
 * the cards whose failure may pass. Each card still has its own rows and result, as if it had been
 * stopped alone.
 *
 * <p>An attempt's row says whether it was retried ({@code error}) or was the last ({@code failed},
 * {@code success}), so it is written once that is known: just before the retry, when the carrier
 * answers, or when the template gives up. Tests give the policy a back-off of a few milliseconds.
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
    return alone(RequestedAction.stop(card, reasons, trigger));
  }

  /**
   * Starts the card and clears its stop reason.
   *
   * @param lifted the reason the card was stopped for (for the log), or manual
   */
  public ActionResult resume(Card card, StopReason lifted, ActionTrigger trigger) {
    return alone(RequestedAction.resume(card, lifted, trigger));
  }

  private ActionResult alone(RequestedAction action) {
    return performAll(List.of(action), () -> true).get(0);
  }

  /**
   * Carries out actions of one type (all stops or all starts) in calls per carrier: batch calls of
   * at most the carrier's batch size where it has them, else one card per call. Each card gets its
   * log row per attempt and its own result; a call's retries ask only for its cards that failed in
   * a way that may pass.
   *
   * @param beforeEachCall asked before each call; when it answers false, that call's cards and the
   *     later calls' are left undone (they have no result)
   * @return the result of each action carried out or failed, in the order given
   */
  public List<ActionResult> performAll(
      List<RequestedAction> actions, BooleanSupplier beforeEachCall) {
    if (actions.isEmpty()) {
      return List.of();
    }
    CardActionType type = actions.get(0).type();
    if (actions.stream().anyMatch(action -> action.type() != type)) {
      throw new IllegalArgumentException("stops and starts are carried out apart: " + actions);
    }
    ActionResult[] results = new ActionResult[actions.size()];
    List<Target> targets = new ArrayList<>(actions.size());
    for (int i = 0; i < actions.size(); i++) {
      RequestedAction action = actions.get(i);
      try {
        targets.add(new Target(i, action, CarrierCard.of(action.card())));
      } catch (IllegalArgumentException e) {
        log.error("{} card {} impossible: {}", type.code(), action.card().id(), e.getMessage());
        metrics.action(type, action.reason(), action.trigger(), false);
        results[i] = action.result(false, 0, e.getMessage(), false);
      }
    }
    CarrierOperation operation =
        type == CardActionType.STOP ? CarrierOperation.STOP : CarrierOperation.START;
    for (List<Target> call :
        CallPlan.of(
                targets,
                target -> target.card().carrierId(),
                carrier -> gateway.batchSize(carrier, operation))
            .calls()) {
      if (!beforeEachCall.getAsBoolean()) {
        break;
      }
      carryOut(type, call, results);
    }
    return Arrays.stream(results).filter(Objects::nonNull).toList();
  }

  /** One call's cards, retried as the policy says; each card's result put in {@code results}. */
  private void carryOut(CardActionType type, List<Target> targets, ActionResult[] results) {
    CarrierCall call =
        new CarrierCall(
            gateway,
            type,
            targets,
            new CarrierCall.Answered() {
              @Override
              public void done(Target target, int attempts) {
                results[target.index()] = confirm(target.action(), attempts);
              }

              @Override
              public void refused(Target target, GatewayException failure, int attempts) {
                results[target.index()] = gaveUp(target, failure, attempts, false);
              }
            });
    try {
      retry.execute(call);
    } catch (RetryException e) {
      if (!(e.getLastException() instanceof GatewayException)) {
        // Not an answer of the carrier (a bug, an unexpected failure): the caller sees it as it
        // was.
        throw e.getLastException() instanceof RuntimeException unexpected
            ? unexpected
            : new IllegalStateException(call.getName() + " failed", e.getLastException());
      }
      // The attempts are used up, or the thread was interrupted while it waited to retry.
      boolean interrupted = Thread.currentThread().isInterrupted();
      List<Target> pending = call.pending();
      for (int i = 0; i < pending.size(); i++) {
        Target target = pending.get(i);
        results[target.index()] =
            gaveUp(target, call.failures().get(i), call.attempts(), interrupted);
      }
    }
  }

  /** The card's last attempt failed: its row, its log line, its result. */
  private ActionResult gaveUp(
      Target target, GatewayException failure, int attempts, boolean interrupted) {
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

  /** Writes the row of each card the template tries again, just before the retry. */
  private final class RetriedAttempts implements RetryListener {
    @Override
    public void beforeRetry(RetryPolicy policy, Retryable<?> retryable, RetryState state) {
      CarrierCall call = (CarrierCall) retryable;
      List<Target> pending = call.pending();
      for (int i = 0; i < pending.size(); i++) {
        Target target = pending.get(i);
        String error = call.failures().get(i).getMessage();
        record(target.action(), AttemptResult.ERROR, call.attempts(), error);
        log.warn(
            "{} {} attempt {} failed, retrying: {}",
            target.action().type().code(),
            target.card(),
            call.attempts(),
            error);
      }
    }
  }
}
