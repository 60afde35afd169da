package com.cmp.polling.handlers.carddata;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.handlers.base.BatchCheckBody;
import com.cmp.polling.handlers.base.CheckOutcome;
import com.cmp.polling.handlers.base.CheckResult;
import com.cmp.polling.handlers.base.FanOut;
import com.cmp.polling.handlers.base.HandlerMetrics;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.BatchEvaluation;
import com.cmp.polling.stopresume.CardNotFoundException;
import com.cmp.polling.stopresume.StopResumeService;
import com.cmp.polling.stopresume.gateway.CarrierCard;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.MonthToDateUsage;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The carddata check: month-to-date usage from the carrier → month accounting, usage sample and
 * package deduction ({@link CarddataAccounting}) → StopResumeService. The cards of a poll are
 * queried in parallel and accounted in one transaction; if that transaction fails, each card is
 * accounted in its own, so one bad card cannot hold back the others.
 */
@Component
class CarddataCheck implements BatchCheckBody<MonthToDateUsage> {

  private static final Logger log = LoggerFactory.getLogger(CarddataCheck.class);

  private final CarddataAccounting accounting;
  private final CarrierGateway gateway;
  private final StopResumeService stopResume;
  private final HandlerMetrics metrics;

  CarddataCheck(
      CarddataAccounting accounting,
      CarrierGateway gateway,
      StopResumeService stopResume,
      HandlerMetrics metrics) {
    this.accounting = accounting;
    this.gateway = gateway;
    this.stopResume = stopResume;
    this.metrics = metrics;
  }

  @Override
  public TaskType type() {
    return TaskType.CARDDATA;
  }

  @Override
  public MonthToDateUsage query(CheckTask task, LoadedCard card) {
    return gateway.monthToDateUsage(new CarrierCard(card.id(), card.iccid(), card.carrierId()));
  }

  @Override
  public Map<Long, CheckResult> recordAll(List<Queried<MonthToDateUsage>> queried, FanOut workers) {
    Map<Long, MonthToDateUsage> reported = new LinkedHashMap<>(queried.size() * 2);
    queried.forEach(q -> reported.put(q.card().id(), q.reply()));
    Map<Long, CheckResult> results = new HashMap<>(queried.size() * 2);
    Map<Long, Card> written = account(reported, results);
    for (Long cardId : reported.keySet()) {
      if (!written.containsKey(cardId) && !results.containsKey(cardId)) {
        results.put(cardId, CheckResult.failed(new CardNotFoundException(cardId)));
      }
    }
    results.putAll(evaluate(written.values(), workers));
    return results;
  }

  /** The poll's accounting in one transaction, else card by card (failures go to results). */
  private Map<Long, Card> account(
      Map<Long, MonthToDateUsage> reported, Map<Long, CheckResult> results) {
    try {
      return accounting.recordAll(reported);
    } catch (RuntimeException e) {
      if (reported.size() == 1) {
        results.put(reported.keySet().iterator().next(), CheckResult.failed(e));
        return Map.of();
      }
      log.warn(
          "accounting of {} cards in one transaction failed ({}); each card on its own",
          reported.size(),
          e.getMessage());
      metrics.batchFallback(TaskType.CARDDATA, "accounting");
    }
    Map<Long, Card> written = new HashMap<>(reported.size() * 2);
    reported.forEach(
        (cardId, usage) -> {
          try {
            written.putAll(accounting.recordAll(Map.of(cardId, usage)));
          } catch (RuntimeException e) {
            results.put(cardId, CheckResult.failed(e));
          }
        });
    return written;
  }

  /**
   * StopResumeService on the cards as their accounting left it: settled together where the rules
   * want nothing, the others each through {@code evaluateAndAct}, in parallel (they may call the
   * carrier).
   */
  private Map<Long, CheckResult> evaluate(Collection<Card> written, FanOut workers) {
    BatchEvaluation batch;
    try {
      batch = stopResume.evaluateAll(written);
    } catch (RuntimeException e) {
      log.warn(
          "{} cards not evaluated together ({}); each on its own", written.size(), e.getMessage());
      metrics.batchFallback(TaskType.CARDDATA, "evaluation");
      batch = new BatchEvaluation(Map.of(), List.copyOf(written));
    }
    Map<Long, CheckResult> results = new HashMap<>(written.size() * 2);
    batch
        .settled()
        .forEach(
            (id, evaluation) -> results.put(id, CheckResult.of(CheckOutcome.after(evaluation))));
    List<Card> acting = batch.needingAction();
    List<CheckResult> acted =
        workers.runAll(
            acting,
            card -> CheckResult.of(CheckOutcome.after(stopResume.evaluateAndAct(card))),
            (card, failure) -> CheckResult.failed(failure));
    for (int i = 0; i < acting.size(); i++) {
      results.put(acting.get(i).id(), acted.get(i));
    }
    return results;
  }
}
