package com.cmp.polling.handlers.base;

import com.cmp.polling.handlers.base.BatchCheckBody.Queried;
import com.cmp.polling.handlers.config.HandlersProperties;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.CardNotFoundException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The checks of one poll run together ({@link BatchCheckBody}): permits taken in one call, the
 * carrier queried for every card in parallel, the rest of the checks done together, the cards put
 * back in their queues together. A poll runs in slices of at most {@code worker-threads} cards, or
 * of what is free of the permits when less. Each card still ends on its own: its outcome, its
 * failure, its metrics.
 */
@Component
class PollBatch {

  private static final Logger log = LoggerFactory.getLogger(PollBatch.class);

  private final CheckPermits permits;
  private final Completion completion;
  private final ExecutorService workers;
  private final HandlerMetrics metrics;
  private final HandlersProperties settings;

  PollBatch(
      CheckPermits permits,
      Completion completion,
      ExecutorService checkWorkers,
      HandlerMetrics metrics,
      HandlersProperties settings) {
    this.permits = permits;
    this.completion = completion;
    this.workers = checkWorkers;
    this.metrics = metrics;
    this.settings = settings;
  }

  /** Runs the checks; returns once each is settled. */
  <R> void run(List<PendingCheck> pending, TaskType type, BatchCheckBody<R> body) {
    int from = 0;
    while (from < pending.size()) {
      List<PendingCheck> rest = pending.subList(from, pending.size());
      CheckPermits.Permit permit;
      try {
        // No more than the workers can query at once: permits stand for checks under way, and a
        // slice holds its permits from its first carrier query to its completions.
        permit = permits.acquireUpTo(type, Math.min(rest.size(), settings.workerThreads()));
      } catch (RuntimeException e) {
        log.error(
            "{} {} checks not run: permits unavailable ({}); they come due again when their lease"
                + " ends",
            rest.size(),
            type.code(),
            e.getMessage());
        rest.forEach(check -> settled(type, check, "failed"));
        return;
      }
      if (permit.count() == 0) {
        log.warn(
            "{} {} checks put off: every {} permit is in use",
            rest.size(),
            type.code(),
            type.code());
        Map<Long, CheckResult> putOff = new HashMap<>();
        rest.forEach(
            check -> putOff.put(check.card().id(), CheckResult.of(CheckOutcome.RETRY_SOON)));
        finish(rest, type, putOff);
        return;
      }
      List<PendingCheck> slice = rest.subList(0, permit.count());
      metrics.sliceSize(type, slice.size());
      Map<Long, CheckResult> results;
      try (permit) {
        results = check(slice, body);
      }
      finish(slice, type, results);
      from += slice.size();
    }
  }

  private <R> Map<Long, CheckResult> check(List<PendingCheck> slice, BatchCheckBody<R> body) {
    List<Future<R>> replies = new ArrayList<>(slice.size());
    for (PendingCheck check : slice) {
      replies.add(workers.submit(() -> body.query(check.task(), check.card())));
    }
    Map<Long, CheckResult> results = new HashMap<>(slice.size() * 2);
    List<Queried<R>> queried = new ArrayList<>(slice.size());
    for (int i = 0; i < slice.size(); i++) {
      PendingCheck check = slice.get(i);
      try {
        queried.add(new Queried<>(check.task(), check.card(), replies.get(i).get()));
      } catch (ExecutionException e) {
        results.put(check.card().id(), CheckResult.failed(asRuntime(e.getCause())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        results.put(check.card().id(), CheckResult.failed(new IllegalStateException(e)));
      }
    }
    if (!queried.isEmpty()) {
      try {
        results.putAll(body.recordAll(queried));
      } catch (RuntimeException e) {
        queried.forEach(q -> results.put(q.card().id(), CheckResult.failed(e)));
      }
    }
    return results;
  }

  private void finish(List<PendingCheck> slice, TaskType type, Map<Long, CheckResult> results) {
    List<Completion.Finish> finishes = new ArrayList<>(slice.size());
    Map<Long, PendingCheck> byCard = new HashMap<>(slice.size() * 2);
    for (PendingCheck check : slice) {
      long cardId = check.card().id();
      CheckResult result = results.get(cardId);
      Optional<CheckOutcome> outcome =
          result == null
              ? Optional.empty()
              : result.failure() == null
                  ? Optional.of(result.outcome())
                  : CarrierFailures.outcome(check.task(), result.failure());
      if (outcome.isPresent()) {
        finishes.add(
            new Completion.Finish(cardId, outcome.get(), check.card().devicePollingAllowed()));
        byCard.put(cardId, check);
      } else if (result != null && result.failure() instanceof CardNotFoundException) {
        settled(type, check, drop(check, type));
      } else {
        RuntimeException failure =
            result == null
                ? new IllegalStateException("the check gave no result")
                : result.failure();
        CheckRunner.leftLeased(type, cardId, failure);
        settled(type, check, "failed");
      }
    }
    completion
        .finishAll(type, finishes)
        .forEach((cardId, done) -> settled(type, byCard.get(cardId), done));
  }

  private String drop(PendingCheck check, TaskType type) {
    try {
      completion.drop(check.card().id(), type, "it is gone");
      return "dropped";
    } catch (RuntimeException e) {
      log.error("card {} gone but not taken out of its queues", check.card().id(), e);
      return "failed";
    }
  }

  private void settled(TaskType type, PendingCheck check, String result) {
    metrics.result(type, result);
    metrics.duration(type, Duration.ofNanos(System.nanoTime() - check.startedNanos()));
    metrics.lateness(check.task());
  }

  private static RuntimeException asRuntime(Throwable cause) {
    return cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
  }
}
