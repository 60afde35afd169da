package com.cmp.polling.handlers.protect;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.core.protection.DesiredState;
import com.cmp.polling.handlers.base.BatchCheckBody;
import com.cmp.polling.handlers.base.CarrierReply;
import com.cmp.polling.handlers.base.CheckOutcome;
import com.cmp.polling.handlers.base.CheckResult;
import com.cmp.polling.handlers.base.FanOut;
import com.cmp.polling.handlers.base.PollEvaluations;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.OperatorActions;
import com.cmp.polling.stopresume.OperatorActions.ProtectionCheck;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.CarrierOperation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The protect check, for manual stops and manual resumes alike: while an operator's protection
 * period runs, the carrier's state is compared with the desired one and forced back when it
 * drifted; once the period is over, StopResumeService evaluates the card once and it leaves the
 * protect queue.
 *
 * <p>Per slice: the protection keys of its cards read in one round trip before any carrier query (a
 * card whose period is over is not queried: it goes to the rules, evaluated with the others whose
 * period ended); the carriers asked about the others in parallel, in batch calls where they have
 * them; their keys read once more after the answers (an operator may have ended or changed a period
 * meanwhile), and only the cards that drifted forced back, in parallel, each under its lock.
 */
@Component
class ProtectCheck implements BatchCheckBody<Boolean> {

  private static final Logger log = LoggerFactory.getLogger(ProtectCheck.class);

  private final CarrierGateway gateway;
  private final OperatorActions operatorActions;
  private final PollEvaluations evaluations;

  ProtectCheck(
      CarrierGateway gateway, OperatorActions operatorActions, PollEvaluations evaluations) {
    this.gateway = gateway;
    this.operatorActions = operatorActions;
    this.evaluations = evaluations;
  }

  @Override
  public TaskType type() {
    return TaskType.PROTECT;
  }

  /** Settles the cards whose period is over, and those whose key holds nothing to enforce. */
  @Override
  public Map<Long, CheckResult> beforeQueries(List<LoadedCard> cards, FanOut workers) {
    Map<Long, Optional<DesiredState>> periods = operatorActions.protectionOf(idsOf(cards));
    Map<Long, CheckResult> results = new HashMap<>();
    List<Card> ended = new ArrayList<>();
    for (LoadedCard loaded : cards) {
      Optional<DesiredState> desired = periods.get(loaded.id());
      if (desired == null) {
        log.info("card {}: protection period over, back to the rules", loaded.id());
        ended.add(loaded.card());
      } else if (desired.isEmpty()) {
        // A protection key nobody can read: nothing to enforce yet.
        results.put(loaded.id(), CheckResult.of(CheckOutcome.next(loaded.card())));
      }
    }
    evaluations
        .evaluate(type(), ended, workers)
        .forEach(
            (id, evaluation) ->
                results.put(
                    id,
                    evaluation.failure() != null
                        ? CheckResult.failed(evaluation.failure())
                        : CheckResult.of(CheckOutcome.LEAVE)));
    return results;
  }

  @Override
  public CarrierOperation operation() {
    return CarrierOperation.NETWORK_STATUS;
  }

  /** Whether the carrier reports each card online. */
  @Override
  public List<CarrierReply<Boolean>> queryAll(List<LoadedCard> cards) {
    return CarrierReply.askAll(cards, gateway::isOnlineAll);
  }

  @Override
  public Map<Long, CheckResult> recordAll(List<Queried<Boolean>> queried, FanOut workers) {
    List<Long> ids = new ArrayList<>(queried.size());
    queried.forEach(q -> ids.add(q.card().id()));
    Map<Long, Optional<DesiredState>> periods = operatorActions.protectionOf(ids);
    Map<Long, CheckResult> results = new HashMap<>(queried.size() * 2);
    List<Queried<Boolean>> drifted = new ArrayList<>();
    for (Queried<Boolean> q : queried) {
      Optional<DesiredState> desired = periods.getOrDefault(q.card().id(), Optional.empty());
      if (desired.isPresent() && (desired.get() == DesiredState.ONLINE) != q.reply()) {
        drifted.add(q);
      } else {
        // In line, or no longer anything to enforce: the card is as the poll read it.
        results.put(q.card().id(), CheckResult.of(CheckOutcome.next(q.card().card())));
      }
    }
    List<CheckResult> forced =
        workers.runAll(
            drifted,
            q -> enforce(q, periods.get(q.card().id())),
            (q, failure) -> CheckResult.failed(failure));
    for (int i = 0; i < drifted.size(); i++) {
      results.put(drifted.get(i).card().id(), forced.get(i));
    }
    return results;
  }

  private CheckResult enforce(Queried<Boolean> drifted, Optional<DesiredState> desired) {
    LoadedCard card = drifted.card();
    ProtectionCheck result = operatorActions.enforceProtection(card.id(), drifted.reply(), desired);
    return CheckResult.of(
        switch (result) {
          case BUSY -> CheckOutcome.RETRY_SOON;
          // Forced back: the card changed, completion reads it again.
          case CORRECTED -> CheckOutcome.NEXT;
          case IN_LINE, NOT_PROTECTED -> CheckOutcome.next(card.card());
        });
  }

  private static List<Long> idsOf(List<LoadedCard> cards) {
    List<Long> ids = new ArrayList<>(cards.size());
    cards.forEach(card -> ids.add(card.id()));
    return ids;
  }
}
