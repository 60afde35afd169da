package com.cmp.polling.handlers.base;

import com.cmp.polling.core.card.LoadedCard;
import com.cmp.polling.core.enrollment.CardPlanner;
import com.cmp.polling.core.queue.LeaseClaim;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.schemas.Topic;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.InvalidPayloadException;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.task.CheckTask;
import com.cmp.polling.schemas.task.TaskType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.stereotype.Component;

/**
 * Everything before a check: decode each task of a poll (a bad one goes to the dead-letter topic),
 * claim the leases of the poll's tasks together (a task superseded since it was published is
 * dropped without calling the carrier), load the cards (a card gone, or one the planner finds
 * switched off by its own or its device's flag, is dropped from its queues, never requeued).
 */
@Component
class TaskPreparation {

  private static final Logger log = LoggerFactory.getLogger(TaskPreparation.class);

  /** A task decoded from its record, and when its handling began ({@link System#nanoTime}). */
  record Decoded(ConsumerRecord<String, byte[]> record, CheckTask task, long startedNanos) {}

  private final PayloadCodec codec;
  private final CardLoader loader;
  private final Completion completion;
  private final DeadLetterPublishingRecoverer deadLetters;
  private final PollingQueueManager queues;
  private final HandlerMetrics metrics;

  TaskPreparation(
      PayloadCodec codec,
      CardLoader loader,
      Completion completion,
      DeadLetterPublishingRecoverer deadLetters,
      PollingQueueManager queues,
      HandlerMetrics metrics) {
    this.codec = codec;
    this.loader = loader;
    this.completion = completion;
    this.deadLetters = deadLetters;
    this.queues = queues;
    this.metrics = metrics;
  }

  /**
   * The poll's tasks that are to run, in record order: decoded, and current (a task carrying a
   * lease whose card still holds it; its lease now runs from now). Every other record is settled
   * and counted here.
   */
  List<Decoded> decodeAndClaim(List<ConsumerRecord<String, byte[]>> records, TaskType type) {
    long started = System.nanoTime();
    List<Decoded> decoded = new ArrayList<>(records.size());
    for (ConsumerRecord<String, byte[]> record : records) {
      try {
        decode(record, type).ifPresent(task -> decoded.add(new Decoded(record, task, started)));
      } catch (RuntimeException e) {
        // The dead-letter topic unreachable: this record fails alone, the poll goes on.
        log.error(
            "{}-{}@{} not handled ({}); a card it names stays leased and comes due again",
            record.topic(),
            record.partition(),
            record.offset(),
            e.getMessage(),
            e);
        metrics.counted(type, TaskResult.FAILED);
      }
    }
    return claim(decoded, type);
  }

  /**
   * The cards of the poll, read together. If that fails, each check loads its own card and fails on
   * its own, as it would have anyway.
   */
  Map<Long, Optional<LoadedCard>> preload(Collection<Long> cardIds, TaskType type) {
    try {
      return loader.loadAll(List.copyOf(cardIds));
    } catch (RuntimeException e) {
      log.warn(
          "cards of a poll of {} {} tasks not read together ({}); each check reads its own",
          cardIds.size(),
          type.code(),
          e.getMessage());
      return Map.of();
    }
  }

  /**
   * The task's card, loaded and polled; empty when it was dropped (gone or no longer polled) or
   * could not be read: each counted as settled.
   */
  Optional<PendingCheck> load(
      Decoded decoded, TaskType type, Map<Long, Optional<LoadedCard>> preloaded) {
    CheckTask task = decoded.task();
    TaskResult result;
    try {
      Optional<LoadedCard> card =
          preloaded.containsKey(task.cardId())
              ? preloaded.get(task.cardId())
              : loader.load(task.cardId());
      if (card.isPresent() && CardPlanner.pollingAllowed(card.get())) {
        return Optional.of(new PendingCheck(task, card.get(), decoded.startedNanos()));
      }
      result = completion.drop(task.cardId(), type, DropReason.ofLoaded(card));
    } catch (RuntimeException e) {
      CheckRunner.leftLeased(type, task.cardId(), e);
      result = TaskResult.FAILED;
    }
    settled(type, decoded, result);
    return Optional.empty();
  }

  /** Decoded against its topic's schema and task type; empty when it went to the dead letters. */
  private Optional<CheckTask> decode(ConsumerRecord<String, byte[]> record, TaskType type) {
    Topic<CheckTask> topic =
        Topics.manualCheckTasks(type).name().equals(record.topic())
            ? Topics.manualCheckTasks(type)
            : Topics.checkTasks(type);
    try {
      CheckTask task = codec.decode(topic, record.value());
      if (task.taskType() != type) {
        throw new InvalidPayloadException(
            record.topic(),
            List.of(
                "$.taskType: " + task.taskType().code() + " task on the " + type.code() + " topic"),
            null);
      }
      return Optional.of(task);
    } catch (InvalidPayloadException e) {
      log.warn(
          "{}-{}@{} sent to the dead-letter topic: {}",
          record.topic(),
          record.partition(),
          record.offset(),
          e.getMessage());
      deadLetters.accept(record, e);
      metrics.counted(type, TaskResult.INVALID);
      return Optional.empty();
    }
  }

  /**
   * One claim for the poll's leased tasks (one script call per shard, pipelined). Tasks without a
   * lease (manual ones, or published before tasks carried it) run as they are.
   */
  private List<Decoded> claim(List<Decoded> decoded, TaskType type) {
    List<Decoded> leased = new ArrayList<>();
    List<LeaseClaim> claims = new ArrayList<>();
    for (Decoded d : decoded) {
      if (d.task().leaseUntil() != null) {
        leased.add(d);
        claims.add(new LeaseClaim(d.task().cardId(), d.task().leaseUntil()));
      }
    }
    if (claims.isEmpty()) {
      return decoded;
    }
    boolean[] current;
    try {
      current = queues.claimLeases(type, claims);
    } catch (RuntimeException e) {
      log.error(
          "{} {} tasks not run: their leases could not be claimed ({}); they come due again when"
              + " their lease ends",
          leased.size(),
          type.code(),
          e.getMessage());
      leased.forEach(d -> settled(type, d, TaskResult.FAILED));
      return decoded.stream().filter(d -> d.task().leaseUntil() == null).toList();
    }
    List<Decoded> superseded = new ArrayList<>();
    for (int i = 0; i < leased.size(); i++) {
      if (!current[i]) {
        superseded.add(leased.get(i));
        settled(type, leased.get(i), TaskResult.SUPERSEDED);
      }
    }
    if (superseded.isEmpty()) {
      return decoded;
    }
    log.debug(
        "{} of {} {} tasks superseded since they were published (first card {}): dropped without"
            + " calling the carrier",
        superseded.size(),
        decoded.size(),
        type.code(),
        superseded.get(0).task().cardId());
    List<Decoded> toRun = new ArrayList<>(decoded);
    toRun.removeAll(superseded);
    return toRun;
  }

  private void settled(TaskType type, Decoded decoded, TaskResult result) {
    metrics.settled(type, result, decoded.startedNanos());
  }
}
