package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.CachedCard;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.InvalidPayloadException;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.CardNotFoundException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.stereotype.Component;

/**
 * What every check has in common (seed: polling_base): decode the task (a bad one goes to the
 * dead-letter topic, the partition moves on), load the card (a card gone or no longer polled is
 * dropped, never requeued), take a permit of the task type, run the check, then put the card at its
 * next time. Tasks of one poll run in parallel on the check workers.
 */
@Component
public class CheckRunner {

  private static final Logger log = LoggerFactory.getLogger(CheckRunner.class);

  private final PayloadCodec codec;
  private final CardLoader loader;
  private final CheckPermits permits;
  private final Completion completion;
  private final DeadLetterPublishingRecoverer deadLetters;
  private final ExecutorService workers;
  private final HandlerMetrics metrics;
  private final PollBatch batch;

  CheckRunner(
      PayloadCodec codec,
      CardLoader loader,
      CheckPermits permits,
      Completion completion,
      DeadLetterPublishingRecoverer deadLetters,
      ExecutorService checkWorkers,
      HandlerMetrics metrics,
      PollBatch batch) {
    this.codec = codec;
    this.loader = loader;
    this.permits = permits;
    this.completion = completion;
    this.deadLetters = deadLetters;
    this.workers = checkWorkers;
    this.metrics = metrics;
    this.batch = batch;
  }

  /**
   * Runs every task of one poll and returns once all are settled (offsets may then commit). Tasks
   * of different cards run in parallel (together, for a {@link BatchCheckBody}); tasks of the same
   * card (same key: a manual trigger beside a scheduled check) run one after the other, so that a
   * card is never checked twice at once.
   */
  public void runAll(List<ConsumerRecord<String, byte[]>> records, TaskType type, CheckBody body) {
    Map<String, List<ConsumerRecord<String, byte[]>>> byCard = new LinkedHashMap<>();
    for (ConsumerRecord<String, byte[]> record : records) {
      byCard.computeIfAbsent(String.valueOf(record.key()), k -> new ArrayList<>()).add(record);
    }
    Map<Long, Optional<CachedCard>> preloaded = preload(byCard.keySet(), type);
    if (body instanceof BatchCheckBody<?> batchBody) {
      List<PendingCheck> firsts = new ArrayList<>(byCard.size());
      List<List<ConsumerRecord<String, byte[]>>> laters = new ArrayList<>();
      for (List<ConsumerRecord<String, byte[]>> ofOneCard : byCard.values()) {
        preparedAlone(ofOneCard.get(0), type, preloaded).ifPresent(firsts::add);
        if (ofOneCard.size() > 1) {
          laters.add(ofOneCard.subList(1, ofOneCard.size()));
        }
      }
      batch.run(firsts, type, batchBody);
      // A card's later tasks see what its first did: read alone, after it.
      runEach(laters, type, body, Map.of());
      return;
    }
    List<List<ConsumerRecord<String, byte[]>>> all = new ArrayList<>(byCard.values());
    runEach(all, type, body, preloaded);
  }

  /**
   * {@link #prepare} on the consumer thread, for a poll run together: whatever it throws (the
   * dead-letter topic unreachable) stays with this record and must not abort the poll.
   */
  private Optional<PendingCheck> preparedAlone(
      ConsumerRecord<String, byte[]> record,
      TaskType type,
      Map<Long, Optional<CachedCard>> preloaded) {
    try {
      return prepare(record, type, preloaded, System.nanoTime());
    } catch (RuntimeException e) {
      log.error(
          "{}-{}@{} not handled ({}); a card it names stays leased and comes due again",
          record.topic(),
          record.partition(),
          record.offset(),
          e.getMessage(),
          e);
      metrics.result(type, "failed");
      return Optional.empty();
    }
  }

  /** The tasks of each card in parallel, a card's tasks one after the other. */
  private void runEach(
      List<List<ConsumerRecord<String, byte[]>>> byCard,
      TaskType type,
      CheckBody body,
      Map<Long, Optional<CachedCard>> preloaded) {
    List<Future<?>> running = new ArrayList<>(byCard.size());
    for (List<ConsumerRecord<String, byte[]>> ofOneCard : byCard) {
      running.add(
          workers.submit(
              () -> {
                // Only the card's first task may use the poll's read: a later one must see what
                // the first did to the card.
                for (int i = 0; i < ofOneCard.size(); i++) {
                  runOne(ofOneCard.get(i), type, body, i == 0 ? preloaded : Map.of());
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

  /**
   * The cards of the poll, read together (keys are card ids, as the scheduler writes them). If that
   * fails, each check loads its own card and fails on its own, as it would have anyway.
   */
  private Map<Long, Optional<CachedCard>> preload(Set<String> keys, TaskType type) {
    List<Long> cardIds = new ArrayList<>(keys.size());
    for (String key : keys) {
      try {
        cardIds.add(Long.parseLong(key));
      } catch (NumberFormatException e) {
        // Not written by the scheduler; its task is decoded (or dead-lettered) on its own.
      }
    }
    try {
      return loader.loadAll(cardIds);
    } catch (RuntimeException e) {
      log.warn(
          "cards of a poll of {} {} tasks not read together ({}); each check reads its own",
          keys.size(),
          type.code(),
          e.getMessage());
      return Map.of();
    }
  }

  private void runOne(
      ConsumerRecord<String, byte[]> record,
      TaskType type,
      CheckBody body,
      Map<Long, Optional<CachedCard>> preloaded) {
    long started = System.nanoTime();
    Optional<PendingCheck> pending = prepare(record, type, preloaded, started);
    if (pending.isEmpty()) {
      return;
    }
    CheckTask task = pending.get().task();
    try {
      metrics.result(type, check(task, pending.get().card(), body));
    } catch (RuntimeException e) {
      leftLeased(type, task.cardId(), e);
      metrics.result(type, "failed");
    }
    metrics.duration(type, Duration.ofNanos(System.nanoTime() - started));
  }

  /**
   * The task decoded and its card loaded; empty when the task went to the dead-letter topic, or its
   * card was dropped (gone or no longer polled) or could not be read: each counted as settled.
   */
  private Optional<PendingCheck> prepare(
      ConsumerRecord<String, byte[]> record,
      TaskType type,
      Map<Long, Optional<CachedCard>> preloaded,
      long started) {
    CheckTask task;
    try {
      task = decode(record, type);
    } catch (InvalidPayloadException e) {
      log.warn(
          "{}-{}@{} sent to the dead-letter topic: {}",
          record.topic(),
          record.partition(),
          record.offset(),
          e.getMessage());
      deadLetters.accept(record, e);
      metrics.result(type, "invalid");
      return Optional.empty();
    }
    String result;
    try {
      Optional<CachedCard> card =
          preloaded.containsKey(task.cardId())
              ? preloaded.get(task.cardId())
              : loader.load(task.cardId());
      if (card.isPresent() && !card.get().isPolled()) {
        // The cache may be older than the switch that turned polling back on: the database
        // decides before a card is dropped for good.
        loader.forget(task.cardId());
        card = loader.load(task.cardId());
      }
      if (card.isPresent() && card.get().isPolled()) {
        return Optional.of(new PendingCheck(task, card.get(), started));
      }
      completion.drop(
          task.cardId(), type, card.isEmpty() ? "it is gone" : "its polling is disabled");
      result = "dropped";
    } catch (RuntimeException e) {
      leftLeased(type, task.cardId(), e);
      result = "failed";
    }
    metrics.result(type, result);
    metrics.duration(type, Duration.ofNanos(System.nanoTime() - started));
    return Optional.empty();
  }

  private String check(CheckTask task, CachedCard card, CheckBody body) {
    TaskType type = task.taskType();
    Optional<CheckPermits.Permit> permit = permits.acquire(type);
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

  /** The task, checked against its topic's schema and the topic's task type. */
  private CheckTask decode(ConsumerRecord<String, byte[]> record, TaskType type) {
    CheckTask task = codec.decode(Topics.checkTasks(type), record.value());
    if (task.taskType() != type) {
      throw new InvalidPayloadException(
          record.topic(),
          List.of(
              "$.taskType: " + task.taskType().code() + " task on the " + type.code() + " topic"),
          null);
    }
    return task;
  }
}
