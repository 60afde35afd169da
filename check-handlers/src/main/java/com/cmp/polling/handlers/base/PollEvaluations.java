package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.Card;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.BatchEvaluation;
import com.cmp.polling.stopresume.Evaluation;
import com.cmp.polling.stopresume.StopResumeService;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * StopResumeService asked about the cards of a slice at once, after their check wrote what it
 * found: the cards the rules leave as they are settled together ({@code evaluateAll}: one read of
 * their protection keys, one package query per kind of owner), the others each through {@code
 * evaluateAndAct}, which decides again under the card's lock and may call the carrier. Those run in
 * parallel on the workers, except the cards sharing a lock (a device's), which go one after the
 * other in poll order: the second then finds what the first did, as card by card, instead of
 * finding the lock taken.
 */
@Component
public class PollEvaluations {

  private static final Logger log = LoggerFactory.getLogger(PollEvaluations.class);

  private final StopResumeService stopResume;
  private final HandlerMetrics metrics;

  PollEvaluations(StopResumeService stopResume, HandlerMetrics metrics) {
    this.stopResume = stopResume;
    this.metrics = metrics;
  }

  /**
   * @param cards the cards as their check left them (what it wrote applied), at most once each
   * @return each card's evaluation or its failure, by card id
   */
  public Map<Long, Result> evaluate(TaskType type, Collection<Card> cards, FanOut workers) {
    Map<Long, Result> results = new HashMap<>(cards.size() * 2);
    if (cards.isEmpty()) {
      return results;
    }
    BatchEvaluation batch;
    try {
      batch = stopResume.evaluateAll(cards);
    } catch (RuntimeException e) {
      log.warn(
          "{} {} cards not evaluated together ({}); each on its own",
          cards.size(),
          type.code(),
          e.getMessage());
      metrics.batchFallback(type, "evaluation");
      batch = BatchEvaluation.noneSettled(cards);
    }
    batch.settled().forEach((id, evaluation) -> results.put(id, new Result(evaluation, null)));
    List<List<Card>> groups = batch.needingActionByLock();
    List<List<Result>> acted =
        workers.runAll(
            groups,
            this::inOrder,
            (group, failure) -> group.stream().map(card -> new Result(null, failure)).toList());
    for (int g = 0; g < groups.size(); g++) {
      for (int i = 0; i < groups.get(g).size(); i++) {
        results.put(groups.get(g).get(i).id(), acted.get(g).get(i));
      }
    }
    return results;
  }

  /** The cards of one lock, one after the other; one card's failure does not stop the others. */
  private List<Result> inOrder(List<Card> group) {
    List<Result> results = new ArrayList<>(group.size());
    for (Card card : group) {
      try {
        results.add(new Result(stopResume.evaluateAndAct(card), null));
      } catch (RuntimeException e) {
        results.add(new Result(null, e));
      }
    }
    return results;
  }

  /** A card's evaluation, or what it failed with. */
  public record Result(Evaluation evaluation, RuntimeException failure) {

    /** As a check's result: the outcome after the evaluation, or its failure. */
    public CheckResult asCheckResult() {
      return failure != null
          ? CheckResult.failed(failure)
          : CheckResult.of(CheckOutcome.after(evaluation));
    }
  }
}
