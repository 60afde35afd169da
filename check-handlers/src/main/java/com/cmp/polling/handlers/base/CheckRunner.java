package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.CachedCard;
import com.cmp.polling.handlers.base.TaskPreparation.Decoded;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.CardNotFoundException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * What every check has in common (seed: polling_base): the tasks of a poll prepared together
 * ({@link TaskPreparation}: decoded, claimed, cards loaded), a permit of the task type taken, the
 * check run, the card put at its next time. Tasks of one poll run in parallel on the check workers;
 * manual tasks on workers of their own, without permits.
 */
@Component
public class CheckRunner {

  private static final Logger log = LoggerFactory.getLogger(CheckRunner.class);

  private final TaskPreparation preparation;
  private final CheckPermits permits;
  private final Completion completion;
  private final ExecutorService workers;
  private final ManualWorkers manualWorkers;
  private final HandlerMetrics metrics;
  private final PollBatch batch;

  CheckRunner(
      TaskPreparation preparation,
      CheckPermits permits,
      Completion completion,
      ExecutorService checkWorkers,
      ManualWorkers manualWorkers,
      HandlerMetrics metrics,
      PollBatch batch) {
    this.preparation = preparation;
    this.permits = permits;
    this.completion = completion;
    this.workers = checkWorkers;
    this.manualWorkers = manualWorkers;
    this.metrics = metrics;
    this.batch = batch;
  }

  /**
   * Runs every task of one poll of a regular topic and returns once all are settled (offsets may
   * then commit). Tasks of different cards run in parallel (together, for a {@link
   * BatchCheckBody}); tasks of the same card run one after the other, so that a card is never
   * checked twice at once by one consumer.
   */
  public void runAll(List<ConsumerRecord<String, byte[]>> records, TaskType type, CheckBody body) {
    Map<Long, List<Decoded>> byCard = byCard(preparation.decodeAndClaim(records, type));
    Map<Long, Optional<CachedCard>> preloaded = preparation.preload(byCard.keySet(), type);
    if (body instanceof BatchCheckBody<?> batchBody) {
      List<PendingCheck> firsts = new ArrayList<>(byCard.size());
      List<List<Decoded>> laters = new ArrayList<>();
      for (List<Decoded> ofOneCard : byCard.values()) {
        preparation.load(ofOneCard.get(0), type, preloaded).ifPresent(firsts::add);
        if (ofOneCard.size() > 1) {
          laters.add(ofOneCard.subList(1, ofOneCard.size()));
        }
      }
      batch.run(firsts, type, batchBody);
      // A card's later tasks see what its first did: read alone, after it.
      runEach(laters, type, body, Map.of(), workers, true);
      return;
    }
    runEach(new ArrayList<>(byCard.values()), type, body, preloaded, workers, true);
  }

  /**
   * Runs every task of one poll of a manual topic, card by card, on the manual workers and without
   * permits: an operator's check is not held up by the regular ones.
   */
  public void runManual(
      List<ConsumerRecord<String, byte[]>> records, TaskType type, CheckBody body) {
    Map<Long, List<Decoded>> byCard = byCard(preparation.decodeAndClaim(records, type));
    Map<Long, Optional<CachedCard>> preloaded = preparation.preload(byCard.keySet(), type);
    runEach(
        new ArrayList<>(byCard.values()), type, body, preloaded, manualWorkers.executor(), false);
  }

  private static Map<Long, List<Decoded>> byCard(List<Decoded> tasks) {
    Map<Long, List<Decoded>> byCard = new LinkedHashMap<>();
    tasks.forEach(d -> byCard.computeIfAbsent(d.task().cardId(), k -> new ArrayList<>()).add(d));
    return byCard;
  }

  /** The tasks of each card in parallel, a card's tasks one after the other. */
  private void runEach(
      List<List<Decoded>> byCard,
      TaskType type,
      CheckBody body,
      Map<Long, Optional<CachedCard>> preloaded,
      ExecutorService executor,
      boolean takePermit) {
    List<Future<?>> running = new ArrayList<>(byCard.size());
    for (List<Decoded> ofOneCard : byCard) {
      running.add(
          executor.submit(
              () -> {
                // Only the card's first task may use the poll's read: a later one must see what
                // the first did to the card.
                for (int i = 0; i < ofOneCard.size(); i++) {
                  runOne(ofOneCard.get(i), type, body, i == 0 ? preloaded : Map.of(), takePermit);
                }
              }));
    }
    for (Future<?> task : running) {
      try {
        task.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (ExecutionException e) {
        log.error("a {} check escaped its own error handling", type.code(), e.getCause());
      }
    }
  }

  private void runOne(
      Decoded decoded,
      TaskType type,
      CheckBody body,
      Map<Long, Optional<CachedCard>> preloaded,
      boolean takePermit) {
    Optional<PendingCheck> pending = preparation.load(decoded, type, preloaded);
    if (pending.isEmpty()) {
      return;
    }
    CheckTask task = pending.get().task();
    try {
      metrics.result(type, check(task, pending.get().card(), body, takePermit));
    } catch (RuntimeException e) {
      leftLeased(type, task.cardId(), e);
      metrics.result(type, "failed");
    }
    metrics.duration(type, Duration.ofNanos(System.nanoTime() - decoded.startedNanos()));
    metrics.lateness(task);
  }

  private String check(CheckTask task, CachedCard card, CheckBody body, boolean takePermit) {
    TaskType type = task.taskType();
    Optional<CheckPermits.Permit> permit =
        takePermit ? permits.acquire(type) : Optional.of(permits.none(type));
    if (permit.isEmpty()) {
      log.warn(
          "{} check of card {} put off: every {} permit is in use",
          type.code(),
          task.cardId(),
          type.code());
      return completion.finish(
          task.cardId(), type, CheckOutcome.RETRY_SOON, card.devicePollingAllowed());
    }
    CheckOutcome outcome;
    try (CheckPermits.Permit held = permit.get()) {
      outcome = body.check(task, card);
    } catch (CardNotFoundException e) {
      completion.drop(task.cardId(), type, "it is gone");
      return "dropped";
    } catch (RuntimeException e) {
      outcome = CarrierFailures.outcome(task, e).orElseThrow(() -> e);
    }
    return completion.finish(task.cardId(), type, outcome, card.devicePollingAllowed());
  }

  /**
   * Logs a check that failed for a reason other than the carrier's (Redis or PostgreSQL failed
   * under it): its card is not completed, stays leased, and comes due again when the lease ends.
   */
  static void leftLeased(TaskType type, long cardId, RuntimeException failure) {
    log.error(
        "{} check of card {} failed ({}); it comes due again when its lease ends",
        type.code(),
        cardId,
        failure.getMessage(),
        failure);
  }
}
