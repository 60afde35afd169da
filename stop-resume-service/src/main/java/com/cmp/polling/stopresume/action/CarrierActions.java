package com.cmp.polling.stopresume.action;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.CardStore;
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
import org.springframework.core.retry.RetryException;
import org.springframework.core.retry.RetryListener;
import org.springframework.core.retry.RetryPolicy;
import org.springframework.core.retry.RetryState;
import org.springframework.core.retry.RetryTemplate;
import org.springframework.core.retry.Retryable;

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

  private final CarrierGateway gateway;
  private final ActionRecords records;
  private final RetryTemplate retry;

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
    this.records = new ActionRecords(cards, attemptLog, metrics);
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
        results[i] = records.impossible(action, e.getMessage());
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
                results[target.index()] = records.confirmed(target.action(), attempts);
              }

              @Override
              public void refused(Target target, GatewayException failure, int attempts) {
                results[target.index()] = records.gaveUp(target, failure, attempts, false);
              }
            });
    try {
      retry.execute(call);
    } catch (RetryException e) {
      if (!(e.getLastException() instanceof GatewayException)) {
        // Not an answer of the carrier (a bug): the caller sees it as it was.
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
            records.gaveUp(target, call.failures().get(i), call.attempts(), interrupted);
      }
    }
  }

  /** Writes the row of each card the template tries again, just before the retry. */
  private final class RetriedAttempts implements RetryListener {
    @Override
    public void beforeRetry(RetryPolicy policy, Retryable<?> retryable, RetryState state) {
      CarrierCall call = (CarrierCall) retryable;
      List<Target> pending = call.pending();
      for (int i = 0; i < pending.size(); i++) {
        records.retried(pending.get(i), call.failures().get(i), call.attempts());
      }
    }
  }
}
