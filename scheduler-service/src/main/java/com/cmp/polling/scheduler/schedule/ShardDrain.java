package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.core.queue.ScheduledCheck;
import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One shard's part of a round: publishes the batches the round leased for it, and while a batch
 * comes back full, leases and publishes the next, up to {@code max-batches-per-shard}. Up to {@link
 * #BATCHES_IN_FLIGHT} batches stay unacknowledged so the producer is never idle; a card Kafka
 * refuses goes back at once, a card whose fate is unknown comes back when its lease ends.
 */
@Component
class ShardDrain {

  private static final Logger log = LoggerFactory.getLogger(ShardDrain.class);

  /** Batches of one shard sent before the first of them must be acknowledged. */
  static final int BATCHES_IN_FLIGHT = 4;

  private final PollingQueueManager queues;
  private final TaskPublisher publisher;
  private final SchedulerMetrics metrics;
  private final SchedulerProperties settings;
  private final Clock clock;

  ShardDrain(
      PollingQueueManager queues,
      TaskPublisher publisher,
      SchedulerMetrics metrics,
      SchedulerProperties settings,
      Clock clock) {
    this.queues = queues;
    this.publisher = publisher;
    this.metrics = metrics;
    this.settings = settings;
    this.clock = clock;
  }

  /** Each type's first batch, then more of that type while the shard has due cards. */
  void drain(int shard, Map<TaskType, List<CardEntry>> firstBatches, RoundCounts counts) {
    firstBatches.forEach(
        (type, first) -> {
          if (!first.isEmpty()) {
            drain(shard, type, first, counts);
          }
        });
  }

  private void drain(int shard, TaskType type, List<CardEntry> first, RoundCounts counts) {
    Deque<TaskPublisher.PendingBatch> inFlight = new ArrayDeque<>();
    try {
      List<CardEntry> due = first;
      for (int batch = 1; ; batch++) {
        TaskPublisher.PendingBatch pending = publisher.send(type, due, false);
        inFlight.add(pending);
        boolean trouble = pending.refused();
        while (!inFlight.isEmpty() && (inFlight.size() >= BATCHES_IN_FLIGHT || trouble)) {
          trouble |= settle(inFlight.poll(), type, counts);
        }
        if (trouble
            || due.size() < settings.batchSize()
            || batch >= settings.maxBatchesPerShard()) {
          return;
        }
        due = queues.dequeueReady(shard, type, settings.batchSize());
        if (due.isEmpty()) {
          return;
        }
      }
    } catch (RuntimeException e) {
      log.error(
          "shard {} {} not scheduled this round; leased cards come due again after their lease",
          shard,
          type.code(),
          e);
    } finally {
      while (!inFlight.isEmpty()) {
        settle(inFlight.poll(), type, counts);
      }
    }
  }

  /** Waits for a batch's acknowledgements; true when some task failed (Kafka in trouble). */
  private boolean settle(TaskPublisher.PendingBatch pending, TaskType type, RoundCounts counts) {
    TaskPublisher.Outcome outcome = pending.await();
    putBack(type, outcome.failedCardIds());
    metrics.published(type, false, outcome.published(), outcome.publishedAt());
    counts.add(type, outcome.published().size(), 0, outcome.failed().size());
    return !outcome.failedCardIds().isEmpty();
  }

  private void putBack(TaskType type, List<Long> cardIds) {
    if (cardIds.isEmpty()) {
      return;
    }
    metrics.failed(type, cardIds.size());
    Instant now = clock.instant();
    queues.requeueAll(cardIds.stream().map(id -> new ScheduledCheck(id, type, now)).toList());
  }
}
