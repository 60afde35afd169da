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
import org.springframework.kafka.support.KafkaUtils;

/**
 * Applies a batch of lifecycle events in order, each through {@link PollingLifecycleService}. Runs
 * of creations (a bulk import) go to {@code onBatchCardsCreated} together: one Redis pipeline per
 * run. A failure names the record it happened at, so that the error handler commits what was done
 * before it and retries (or dead-letters) from there.
 */
class LifecycleEventApplier {

  private static final Logger log = LoggerFactory.getLogger(LifecycleEventApplier.class);

  private final PollingLifecycleService lifecycle;
  private final PayloadCodec codec;
  private final AppliedEvents applied;

  LifecycleEventApplier(
      PollingLifecycleService lifecycle, PayloadCodec codec, AppliedEvents applied) {
    this.lifecycle = lifecycle;
    this.codec = codec;
    this.applied = applied;
  }

  void apply(List<ConsumerRecord<String, byte[]>> records) {
    List<Long> created = new ArrayList<>();
    int firstCreated = -1;
    for (int i = 0; i < records.size(); i++) {
      ConsumerRecord<String, byte[]> record = records.get(i);
      LifecycleEvent event;
      try {
        event = codec.decode(Topics.LIFECYCLE, record.value());
      } catch (InvalidPayloadException e) {
        flushCreated(created, firstCreated, records);
        throw new BatchListenerFailedException(
            "lifecycle event " + KafkaUtils.format(record) + " is malformed: " + e.getMessage(),
            e,
            i);
      }
      if (event.type() == LifecycleEventType.CARD_CREATED) {
        if (created.isEmpty()) {
          firstCreated = i;
        }
        created.add(event.cardId());
        continue;
      }
      flushCreated(created, firstCreated, records);
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
    flushCreated(created, firstCreated, records);
  }

  private void flushCreated(
      List<Long> created, int firstIndex, List<ConsumerRecord<String, byte[]>> records) {
    if (created.isEmpty()) {
      return;
    }
    try {
      lifecycle.onBatchCardsCreated(created);
      log.debug("{} created cards enrolled", created.size());
      created.clear();
    } catch (RuntimeException e) {
      throw new BatchListenerFailedException(
          created.size()
              + " card creations from "
              + KafkaUtils.format(records.get(firstIndex))
              + " failed",
          e,
          firstIndex);
    }
  }

  private void applyOne(LifecycleEvent event) {
    switch (event.type()) {
      case CARD_DELETED -> lifecycle.onCardDeleted(event.cardId());
      case CARD_POLLING_DISABLED, DEVICE_POLLING_DISABLED ->
          lifecycle.onCardDisabled(event.cardId());
      // A deleted device no longer rules its cards: they are judged on their own flag.
      case CARD_POLLING_ENABLED, DEVICE_POLLING_ENABLED, DEVICE_DELETED ->
          lifecycle.onCardEnabled(event.cardId());
      case CARD_STATUS_CHANGED -> {
        if (applied.alreadyApplied(event)) {
          log.debug(
              "status change of card {} at {} already applied",
              event.cardId(),
              event.sourcePosition());
          return;
        }
        lifecycle.onCardStatusChanged(event.cardId());
        applied.markApplied(event);
      }
      case CONFIG_CHANGED -> lifecycle.onConfigChanged();
      case CARD_CREATED -> lifecycle.onCardCreated(event.cardId());
    }
  }
}
