package com.cmp.polling.scheduler.schedule;

import com.cmp.polling.core.queue.CardEntry;
import com.cmp.polling.core.queue.ManualTriggerQueue;
import com.cmp.polling.core.queue.PollingQueueManager;
import com.cmp.polling.scheduler.config.SchedulerProperties;
import com.cmp.polling.schemas.task.TaskType;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Manual triggers of a round, published to their own topic ({@code polling.task.<type>.manual}),
 * where handlers of their own take them at once whatever the regular topic's lag. A trigger is
 * taken as a lease and settled only after Kafka answered: acknowledged, it is removed; refused, it
 * is due again at once; unknown, it is settled when the producer knows, and if nobody settles it
 * (the scheduler died) its lease brings it back. No trigger is lost between taking and publishing.
 */
@Component
class ManualDispatch {

  private static final Logger log = LoggerFactory.getLogger(ManualDispatch.class);

  private final ManualTriggerQueue triggers;
  private final TaskPublisher publisher;
  private final SchedulerMetrics metrics;
  private final int cap;

  ManualDispatch(
      PollingQueueManager queues,
      TaskPublisher publisher,
      SchedulerMetrics metrics,
      SchedulerProperties settings) {
    this.triggers = queues.manualTriggers();
    this.publisher = publisher;
    this.metrics = metrics;
    this.cap = settings.manualCap();
  }

  /** Publishes up to {@code manual-cap} triggers of one type and waits for Kafka's answers. */
  void publish(TaskType type, RoundCounts counts) {
    List<CardEntry> taken;
    try {
      taken = triggers.take(type, cap);
    } catch (RuntimeException e) {
      log.error(
          "manual {} triggers not taken this round ({}); they wait in Redis for the next",
          type.code(),
          e.getMessage());
      return;
    }
    if (taken.isEmpty()) {
      return;
    }
    TaskPublisher.PendingBatch pending = publisher.send(type, taken, true);
    TaskPublisher.Outcome outcome = pending.await();
    settle(type, outcome);
    metrics.published(type, true, outcome.published(), outcome.publishedAt());
    if (!outcome.failed().isEmpty()) {
      metrics.failed(type, outcome.failed().size());
    }
    counts.add(type, 0, outcome.published().size(), outcome.failed().size());
    if (outcome.published().size() + outcome.failed().size() < taken.size()) {
      pending.lateOutcome().thenAcceptAsync(late -> settle(type, late));
    }
  }

  private void settle(TaskType type, TaskPublisher.Outcome outcome) {
    try {
      if (!outcome.published().isEmpty()) {
        triggers.published(type, outcome.published());
      }
      if (!outcome.failed().isEmpty()) {
        triggers.notPublished(type, outcome.failed());
      }
    } catch (RuntimeException e) {
      log.warn(
          "{} manual {} triggers not settled in Redis ({}): they come back when their lease ends,"
              + " so a published one may be checked twice",
          outcome.published().size() + outcome.failed().size(),
          type.code(),
          e.getMessage());
    }
  }
}
