package com.cmp.polling.listener.consumer;

import com.cmp.polling.core.lifecycle.PollingLifecycleService;
import com.cmp.polling.schemas.Topics;
import com.cmp.polling.schemas.json.InvalidPayloadException;
import com.cmp.polling.schemas.json.PayloadCodec;
import com.cmp.polling.schemas.lifecycle.LifecycleEvent;
import com.cmp.polling.schemas.lifecycle.LifecycleEventType;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.BatchListenerFailedException;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.support.KafkaUtils;

/**
 * Applies a batch of lifecycle events in order, each through {@link PollingLifecycleService}; a
 * malformed one goes to the dead-letter topic on the spot and the batch goes on. Runs of creations
 * (a bulk import) go to {@code onBatchCardsCreated} together, runs of status changes (an UPDATE of
 * many rows, a wave of stops) to {@code onBatchCardsStatusChanged}: one read and one Redis pipeline
 * per run instead of per event. A failure names the record it happened at (the first of its run),
 * so that the error handler commits what was done before it and retries (or dead-letters) from
 * there.
 */
class LifecycleEventApplier {

  private static final Logger log = LoggerFactory.getLogger(LifecycleEventApplier.class);

  private final PollingLifecycleService lifecycle;
  private final PayloadCodec codec;
  private final AppliedEvents applied;
  private final DeadLetterPublishingRecoverer deadLetters;

  LifecycleEventApplier(
      PollingLifecycleService lifecycle,
      PayloadCodec codec,
      AppliedEvents applied,
      DeadLetterPublishingRecoverer deadLetters) {
    this.lifecycle = lifecycle;
    this.codec = codec;
    this.applied = applied;
    this.deadLetters = deadLetters;
  }

  void apply(List<ConsumerRecord<String, byte[]>> records) {
    Run created = new Run();
    Run statusChanged = new Run();
    for (int i = 0; i < records.size(); i++) {
      ConsumerRecord<String, byte[]> record = records.get(i);
      LifecycleEvent event;
      try {
        event = codec.decode(Topics.LIFECYCLE, record.value());
      } catch (InvalidPayloadException e) {
        deadLetter(record, e, i, created, statusChanged, records);
        continue; // it changes nothing: the runs around it go on
      }
      // A run ends at any other kind of event: events of one card keep their order.
      if (event.type() == LifecycleEventType.CARD_CREATED) {
        flushStatusChanged(statusChanged, records);
        created.add(event, i);
        continue;
      }
      flushCreated(created, records);
      if (event.type() == LifecycleEventType.CARD_STATUS_CHANGED) {
        statusChanged.add(event, i);
        continue;
      }
      flushStatusChanged(statusChanged, records);
      try {
        applyOne(event);
      } catch (RuntimeException e) {
        throw new BatchListenerFailedException(
            "lifecycle event "
                + KafkaUtils.format(record)
                + " ("
                + event.type().code()
                + ") failed",
            e,
            i);
      }
    }
    flushCreated(created, records);
    flushStatusChanged(statusChanged, records);
  }

  /**
   * Sends a malformed event to {@code polling.lifecycle-dlt} with the reason in its headers and
   * says so in one line. If even that fails (Kafka away), what came before it is applied and the
   * error handler tries again from this record.
   */
  private void deadLetter(
      ConsumerRecord<String, byte[]> record,
      InvalidPayloadException malformed,
      int index,
      Run created,
      Run statusChanged,
      List<ConsumerRecord<String, byte[]>> records) {
    try {
      deadLetters.accept(record, malformed);
    } catch (RuntimeException e) {
      flushCreated(created, records);
      flushStatusChanged(statusChanged, records);
      throw new BatchListenerFailedException(
          "malformed lifecycle event "
              + KafkaUtils.format(record)
              + " could not be dead-lettered ("
              + malformed.getMessage()
              + ")",
          e,
          index);
    }
    log.warn(
        "lifecycle event {} sent to the dead-letter topic: {}",
        KafkaUtils.format(record),
        malformed.getMessage());
  }

  /** Consecutive events of one kind, and the index of the first in the poll. */
  private static final class Run {
    private final List<LifecycleEvent> events = new ArrayList<>();
    private int first = -1;

    void add(LifecycleEvent event, int index) {
      if (events.isEmpty()) {
        first = index;
      }
      events.add(event);
    }

    List<Long> cardIds() {
      return events.stream().map(LifecycleEvent::cardId).toList();
    }
  }

  private void flushCreated(Run run, List<ConsumerRecord<String, byte[]>> records) {
    if (run.events.isEmpty()) {
      return;
    }
    try {
      lifecycle.onBatchCardsCreated(run.cardIds());
      log.debug("{} created cards enrolled", run.events.size());
      run.events.clear();
    } catch (RuntimeException e) {
      throw failed(run, "card creations", records, e);
    }
  }

  /** Status changes already applied (a redelivery) are skipped; the others applied together. */
  private void flushStatusChanged(Run run, List<ConsumerRecord<String, byte[]>> records) {
    if (run.events.isEmpty()) {
      return;
    }
    try {
      List<LifecycleEvent> fresh = applied.notYetApplied(run.events);
      if (fresh.size() < run.events.size()) {
        log.debug("{} status changes already applied", run.events.size() - fresh.size());
      }
      lifecycle.onBatchCardsStatusChanged(fresh.stream().map(LifecycleEvent::cardId).toList());
      applied.markAllApplied(fresh);
      log.debug("{} status changes applied", fresh.size());
      run.events.clear();
    } catch (RuntimeException e) {
      throw failed(run, "status changes", records, e);
    }
  }

  private static BatchListenerFailedException failed(
      Run run, String what, List<ConsumerRecord<String, byte[]>> records, RuntimeException e) {
    return new BatchListenerFailedException(
        run.events.size()
            + " "
            + what
            + " from "
            + KafkaUtils.format(records.get(run.first))
            + " failed",
        e,
        run.first);
  }

  private void applyOne(LifecycleEvent event) {
    switch (event.type()) {
      case CARD_DELETED -> lifecycle.onCardDeleted(event.cardId());
      case CARD_POLLING_DISABLED, DEVICE_POLLING_DISABLED ->
          lifecycle.onCardDisabled(event.cardId());
      case CARD_POLLING_ENABLED, DEVICE_POLLING_ENABLED -> lifecycle.onCardEnabled(event.cardId());
      // A deleted device allows no polling, like a disabled one: its cards leave the queues (and
      // are never stopped for lacking packages of their own) until they move to a live device.
      // Handled as a status change: the card is read again, so one already moved to a live device
      // (its own change arrived first) stays queued, whatever order the two changes arrive in.
      case DEVICE_DELETED -> lifecycle.onCardStatusChanged(event.cardId());
      case CONFIG_CHANGED -> lifecycle.onConfigChanged();
      // Creations and status changes are applied in runs (flushCreated, flushStatusChanged).
      default -> throw new IllegalStateException(event.type().code() + " is applied in runs");
    }
  }
}
