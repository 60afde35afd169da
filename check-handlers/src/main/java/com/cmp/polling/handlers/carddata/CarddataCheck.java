package com.cmp.polling.handlers.carddata;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.handlers.base.BatchCheckBody;
import com.cmp.polling.handlers.base.CarrierReply;
import com.cmp.polling.handlers.base.CheckResult;
import com.cmp.polling.handlers.base.FanOut;
import com.cmp.polling.handlers.base.HandlerMetrics;
import com.cmp.polling.handlers.base.PollEvaluations;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.gateway.CarrierGateway;
import com.cmp.polling.stopresume.gateway.CarrierOperation;
import com.cmp.polling.stopresume.gateway.MonthToDateUsage;
import java.util.ArrayList;
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
 * queried in parallel (in batch calls where their carrier has them) and accounted in one
 * transaction; if that transaction fails, each card is accounted in its own, so one bad card cannot
 * hold back the others.
 */
@Component
class CarddataCheck implements BatchCheckBody<MonthToDateUsage> {

  private static final Logger log = LoggerFactory.getLogger(CarddataCheck.class);

  private final CarddataAccounting accounting;
  private final UsageOutlooks outlooks;
  private final CarrierGateway gateway;
  private final PollEvaluations evaluations;
  private final HandlerMetrics metrics;

  CarddataCheck(
      CarddataAccounting accounting,
      UsageOutlooks outlooks,
      CarrierGateway gateway,
      PollEvaluations evaluations,
      HandlerMetrics metrics) {
    this.accounting = accounting;
    this.outlooks = outlooks;
    this.gateway = gateway;
    this.evaluations = evaluations;
    this.metrics = metrics;
  }

  @Override
  public TaskType type() {
    return TaskType.CARDDATA;
  }

  @Override
  public CarrierOperation operation() {
    return CarrierOperation.USAGE;
  }

  @Override
  public List<CarrierReply<MonthToDateUsage>> queryAll(List<LoadedCard> cards) {
    return CarrierReply.askAll(cards, gateway::monthToDateUsageAll);
  }

  @Override
  public Map<Long, CheckResult> recordAll(List<Queried<MonthToDateUsage>> queried, FanOut workers) {
    Map<Long, Card> cards = new LinkedHashMap<>(queried.size() * 2);
    Map<Long, MonthToDateUsage> reported = new LinkedHashMap<>(queried.size() * 2);
    for (Queried<MonthToDateUsage> q : queried) {
      cards.put(q.card().id(), q.card().card());
      reported.put(q.card().id(), q.reply());
    }
    Map<Long, CheckResult> results = new HashMap<>(queried.size() * 2);
    CarddataAccounting.Accounted accounting = account(cards, reported);
    accounting.failed().forEach((id, failure) -> results.put(id, CheckResult.failed(failure)));
    List<Card> accounted = new ArrayList<>(cards.size());
    cards.forEach(
        (id, card) -> {
          if (!results.containsKey(id)) {
            accounted.add(card);
          }
        });
    evaluations
        .evaluate(type(), accounted, workers)
        .forEach((id, evaluation) -> results.put(id, evaluation.asCheckResult()));
    // Each card's usage outlook goes with its outcome to completion, which plans the next check.
    outlooks
        .of(accounted, accounting)
        .forEach(
            (id, outlook) -> {
              CheckResult result = results.get(id);
              if (result != null && result.outcome() != null) {
                results.put(id, CheckResult.of(result.outcome().withUsage(outlook)));
              }
            });
    return results;
  }

  /**
   * The poll's accounting in one transaction, else card by card.
   *
   * @return the cards' counters, and the cards not accounted, with why
   */
  private CarddataAccounting.Accounted account(
      Map<Long, Card> cards, Map<Long, MonthToDateUsage> reported) {
    try {
      return accounting.recordAll(cards, reported);
    } catch (RuntimeException e) {
      if (reported.size() == 1) {
        return CarddataAccounting.Accounted.none(Map.of(reported.keySet().iterator().next(), e));
      }
      log.warn(
          "accounting of {} cards in one transaction failed ({}); each card on its own",
          reported.size(),
          e.getMessage());
      metrics.batchFallback(TaskType.CARDDATA, "accounting");
    }
    List<CarddataAccounting.Accounted> each = new ArrayList<>(reported.size());
    reported.forEach(
        (cardId, usage) -> {
          try {
            each.add(accounting.recordAll(cards, Map.of(cardId, usage)));
          } catch (RuntimeException e) {
            each.add(CarddataAccounting.Accounted.none(Map.of(cardId, e)));
          }
        });
    return CarddataAccounting.Accounted.merged(each);
  }
}
