package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.CachedCard;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.InvalidPayloadException;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import com.cmp.polling.stopresume.CardNotFoundException;
import com.cmp.polling.stopresume.CarrierActionFailedException;
import com.cmp.polling.stopresume.gateway.GatewayException;
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

  CheckRunner(
      PayloadCodec codec,
      CardLoader loader,
      CheckPermits permits,
      Completion completion,
      DeadLetterPublishingRecoverer deadLetters,
      ExecutorService checkWorkers,
      HandlerMetrics metrics) {
    this.codec = codec;
    this.loader = loader;
    this.permits = permits;
    this.completion = completion;
    this.deadLetters = deadLetters;
    this.workers = checkWorkers;
    this.metrics = metrics;
  }

  /**
   * Runs every task of one poll and returns once all are settled (offsets may then commit). Tasks
   * of different cards run in parallel; tasks of the same card (same key: a manual trigger beside a
   * scheduled check) run one after the other, so that a card is never checked twice at once.
   */
  public void runAll(List<ConsumerRecord<String, byte[]>> records, TaskType type, CheckBody body) {
    Map<String, List<ConsumerRecord<String, byte[]>>> byCard = new LinkedHashMap<>();
    for (ConsumerRecord<String, byte[]> record : records) {
      byCard.computeIfAbsent(String.valueOf(record.key()), k -> new ArrayList<>()).add(record);
    }
    Map<Long, Optional<CachedCard>> preloaded = preload(byCard.keySet(), type);
    List<Future<?>> running = new ArrayList<>(byCard.size());
    for (List<ConsumerRecord<String, byte[]>> ofOneCard : byCard.values()) {
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
      return;
    }
    try {
      metrics.result(type, check(task, body, preloaded));
    } catch (RuntimeException e) {
      // Redis or PostgreSQL failed under us: the card stays leased and comes due again.
      log.error(
          "{} check of card {} failed ({}); it comes due again when its lease ends",
          type.code(),
          task.cardId(),
          e.getMessage(),
          e);
      metrics.result(type, "failed");
    }
    metrics.duration(type, Duration.ofNanos(System.nanoTime() - started));
  }

  private String check(CheckTask task, CheckBody body, Map<Long, Optional<CachedCard>> preloaded) {
    TaskType type = task.taskType();
    Optional<CachedCard> card =
        preloaded.containsKey(task.cardId())
            ? preloaded.get(task.cardId())
            : loader.load(task.cardId());
    if (card.isEmpty() || !card.get().isPolled()) {
      completion.drop(
          task.cardId(), type, card.isEmpty() ? "it is gone" : "its polling is disabled");
      return "dropped";
    }
    Optional<CheckPermits.Permit> permit = permits.acquire(type);
    if (permit.isEmpty()) {
      log.warn(
          "{} check of card {} put off: every {} permit is in use",
          type.code(),
          task.cardId(),
          type.code());
      return completion.finish(
          task.cardId(), type, CheckOutcome.RETRY_SOON, card.get().devicePollingAllowed());
    }
    CheckOutcome outcome;
    try (CheckPermits.Permit held = permit.get()) {
      outcome = body.check(task, card.get());
    } catch (GatewayException e) {
      outcome = afterFailure(task, e.isRetryable(), e.getMessage());
    } catch (CarrierActionFailedException e) {
      outcome = afterFailure(task, e.isRetryable(), e.getMessage());
    } catch (CardNotFoundException e) {
      completion.drop(task.cardId(), type, "it is gone");
      return "dropped";
    }
    return completion.finish(task.cardId(), type, outcome, card.get().devicePollingAllowed());
  }

  private CheckOutcome afterFailure(CheckTask task, boolean retryable, String message) {
    if (retryable) {
      log.warn(
          "{} check of card {} failed, retried soon: {}",
          task.taskType().code(),
          task.cardId(),
          message);
      return CheckOutcome.RETRY_SOON;
    }
    log.error(
        "{} check of card {} refused by the carrier, next at the usual interval: {}",
        task.taskType().code(),
        task.cardId(),
        message);
    return CheckOutcome.NEXT;
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
